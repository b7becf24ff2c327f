import "server-only";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { logger } from "@/server/logger";

/**
 * A migrated, empty PGlite cluster kept as a tarball, loaded into a fresh DATA_DIR instead of
 * creating the cluster there (decision 024). Creating one runs initdb in WebAssembly, then every
 * migration: about 60 % of a first start (18.7 s against 4.2 s to load the tarball on the loaded
 * 2-core machine). The first fresh start on an install writes it, right after its migrations and
 * before any seed, so it holds the schema and nothing else (no account, no secret: the session
 * secret is a file beside the cluster, not in it).
 *
 * Its name carries PGlite's version and a hash of the migrations journal: a new PGlite or a new
 * migration makes a new template, and a directory loaded from an old one is migrated as usual.
 * Anything that goes wrong here only costs the slow path: no template, or none written.
 */

const cacheDir = () => path.join(process.cwd(), "node_modules", ".cache", "aula");

function templateFile(): string | null {
  try {
    const root = process.cwd();
    const pglite = JSON.parse(
      readFileSync(path.join(root, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8"),
    ) as { version: string };
    const journal = readFileSync(path.join(root, "drizzle", "meta", "_journal.json"));
    const key = createHash("sha256").update(pglite.version).update(journal).digest("hex").slice(0, 16);
    return path.join(cacheDir(), `pglite-template-${key}.tar`);
  } catch {
    return null;
  }
}

/** True when the cluster directory has never been created (PGlite writes PG_VERSION first). */
export function isFreshCluster(dir: string): boolean {
  return !existsSync(path.join(dir, "PG_VERSION"));
}

/** The template to load into a fresh cluster directory, if this install has one. */
export function readPgliteTemplate(): Blob | undefined {
  const file = templateFile();
  if (!file || !existsSync(file)) return undefined;
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/** After a fresh cluster's migrations, before any seed: keeps it for the next fresh DATA_DIR. */
export async function savePgliteTemplate(client: PGlite): Promise<void> {
  const file = templateFile();
  if (!file || existsSync(file)) return;
  try {
    // Uncompressed: gunzip made loading it half as fast again, for a file under 50 MB.
    const tar = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside, then renamed: another instance starting at once never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, tar);
    renameSync(partial, file);
  } catch (error) {
    logger.debug({ err: error }, "PGlite template not saved");
  }
}
