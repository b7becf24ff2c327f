/**
 * The contrib extensions every PGlite the app opens must load, because migration 0015 creates
 * them: pg_trgm (similarity, typo- and CJK-tolerant search) and unaccent (accent-folded full text).
 * PostgreSQL ships them in contrib; PGlite only has what it was created with.
 * scripts/e2e-server.mjs and scripts/bench-export.mjs import the same two modules directly.
 */
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };
