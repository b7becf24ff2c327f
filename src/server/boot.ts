import "server-only";
import { initAi } from "@/server/ai/model";
import { getDbHandle } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { gateDatabase } from "@/server/db/readiness";
import { isDatabaseUnavailable } from "@/server/db/unavailable";
import { env, EnvError } from "@/server/env";
import { logger, routeConsoleToLogger } from "@/server/logger";
import { purgeInBackground } from "@/server/maintenance/purge";

/** What the product does once the database is migrated (the super admin); given by the app, which knows the product. */
export type BootSteps = { afterMigrate: (settings: ReturnType<typeof env>) => Promise<void> };

/**
 * Runs once when the server starts: validate settings, migrate, the product's own steps, choose
 * the AI model. A bad setting stops the start with one line naming it. Next holds every request
 * until this returns, so only what a request may need is awaited (decision 024).
 */
export async function boot(steps: BootSteps): Promise<void> {
  // Next's own error lines through the logger, redacted (logger.ts); in development they stay
  // Next's, with its code frames.
  if (process.env.NODE_ENV === "production") routeConsoleToLogger();
  // Each step's milliseconds go in the "Aula is ready" line (npm run bench:startup prints them).
  const bootMs: Record<string, number> = {};
  let last = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    bootMs[name] = Math.round((now - last) * 10) / 10;
    last = now;
  };
  let settings;
  try {
    settings = env();
  } catch (error) {
    if (EnvError.is(error)) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  lap("settings");
  // The database's steps are the gate every request's getDb() passes (readiness.ts): when the
  // database cannot be reached now, the server still starts, answers 503 until it is, and
  // retries these steps meanwhile. Any other failure fails the start, as before.
  const databaseSteps = async () => {
    const handle = await getDbHandle();
    lap("database");
    await migrateDatabase(handle, settings.DATABASE_DIRECT_URL ?? settings.DATABASE_URL);
    lap("migrate");
    if (handle.afterFirstMigrate) {
      // Once per install and set of migrations: the migrated cluster kept for the next fresh DATA_DIR.
      await handle.afterFirstMigrate();
      lap("template");
    }
    purgeInBackground("start");
    await steps.afterMigrate(settings);
    lap("product");
    logger.info(
      {
        database: handle.kind === "pglite" ? `PGlite in ${settings.DATA_DIR}` : "PostgreSQL",
        // Named as the setting: writes are accepted only from pages opened at this address (or,
        // for localhost, 127.0.0.1 and [::1]), and whoever sees another refused must know what to set.
        APP_URL: settings.APP_URL,
        bootMs,
      },
      "Aula is ready",
    );
  };
  try {
    await gateDatabase(databaseSteps);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
  }
  // Names the AI provider and model in the log (never a key); probes a local Ollama when none is
  // set, up to 1.5 s. Not awaited: the first request that needs the model awaits the same probe.
  void initAi().catch((error: unknown) => logger.warn({ err: error }, "AI model check failed"));
}
