/** `npm run db:migrate`: applies the migrations to DATABASE_URL, or to the embedded PGlite. */
import nextEnv from "@next/env";
import { closeDb, getDbHandle } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";

nextEnv.loadEnvConfig(process.cwd());

async function main() {
  const handle = await getDbHandle();
  await migrateDatabase(handle, process.env.DATABASE_URL?.trim() || undefined);
  await closeDb();
  console.log(`Migrations applied (${handle.kind === "pglite" ? "PGlite" : "PostgreSQL"}).`);
}

main().catch((error) => {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
