import "server-only";
import { initAi } from "@/server/ai/model";
import { getDbHandle } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { env, EnvError } from "@/server/env";
import { logger } from "@/server/logger";
import { purgeInBackground } from "@/server/maintenance/purge";

/** What the product does once the database is migrated (the super admin); given by the app, which knows the product. */
export type BootSteps = { afterMigrate: (settings: ReturnType<typeof env>) => Promise<void> };

/**
 * Runs once when the server starts: validate settings, migrate, the product's own steps, choose
 * the AI model. A bad setting stops the start with one line naming it.
 */
export async function boot(steps: BootSteps): Promise<void> {
  let settings;
  try {
    settings = env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const handle = await getDbHandle();
  await migrateDatabase(handle, settings.DATABASE_DIRECT_URL ?? settings.DATABASE_URL);
  purgeInBackground("start");
  await steps.afterMigrate(settings);
  // Names the AI provider and model in the log (never a key); probes a local Ollama when none is set.
  await initAi();
  logger.info(
    { database: handle.kind === "pglite" ? `PGlite in ${settings.DATA_DIR}` : "PostgreSQL", appUrl: settings.APP_URL },
    "Aula is ready",
  );
}
