-- Search without an extra service: trigram similarity (pg_trgm: typos, CJK, near-duplicate cards)
-- and accent-folding (unaccent) for full text in every language. Both ship with PostgreSQL's
-- contrib and with PGlite (loaded by src/server/db/pglite-extensions.ts), and both are trusted
-- extensions since PostgreSQL 13, so the database's owner may create them without a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
