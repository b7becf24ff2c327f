import "server-only";
import { ensureSuperAdmin } from "@/features/accounts/service";
import { initAi } from "@/server/ai/model";
import { getDbHandle } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { env, EnvError } from "@/server/env";
import { logger } from "@/server/logger";
import { purgeInBackground } from "@/server/maintenance/purge";

/**
 * Runs once when the server starts: validate settings, migrate, create the super admin, choose the AI model.
 * A bad setting stops the start with one line naming it.
 */
export async function boot(): Promise<void> {
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
  await migrateDatabase(handle, settings.DATABASE_URL);
  purgeInBackground("start");
  await ensureSuperAdmin({ email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD });
  // Names the AI provider and model in the log (never a key); probes a local Ollama when none is set.
  await initAi();
  logger.info(
    { database: handle.kind === "pglite" ? `PGlite in ${settings.DATA_DIR}` : "PostgreSQL", appUrl: settings.APP_URL },
    "Aula is ready",
  );
}
