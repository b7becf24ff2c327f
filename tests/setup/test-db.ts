/**
 * A real database for each test file: a fresh in-memory PGlite by default, or, when
 * TEST_DATABASE_URL is set, a throwaway database created on that PostgreSQL server.
 * Either way the app's own migrations build it, and the app's db client is pointed at it.
 */
import { randomBytes } from "node:crypto";
import { closeDb, openPostgres, setDbHandleForTests, type DbHandle } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { settleBackgroundMail } from "@/server/email/background";
import * as schema from "@/server/db/schema";

export type TestDatabase = DbHandle & { url?: string; drop: () => Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!serverUrl) {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { PGLITE_EXTENSIONS } = await import("@/server/db/pglite-extensions");
    const { readPgliteTemplate, savePgliteTemplate } = await import("@/server/db/pglite-template");
    // The install's migrated template cluster (decision 024), as the app's first start uses it:
    // loading it costs about a fifth of initdb and every migration, paid by each test file.
    // The first file of a run without one makes it; the migrations then find nothing to do.
    const template = readPgliteTemplate();
    const client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(template ? { loadDataDir: template } : {}),
    });
    const handle: DbHandle = {
      db: drizzle(client, { schema }) as unknown as DbHandle["db"],
      close: () => client.close(),
      kind: "pglite",
    };
    await migrateDatabase(handle);
    if (!template) await savePgliteTemplate(client);
    return { ...handle, drop: async () => {} };
  }
  const { default: postgres } = await import("postgres");
  const name = `aula_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 5);
  await migrateDatabase(handle, url.toString());
  return {
    ...handle,
    url: url.toString(),
    drop: async () => {
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Creates a test database, makes it the app's database for this file, and cleans up after. */
export function useTestDatabase(): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    setDbHandleForTests(database);
  });
  afterAll(async () => {
    await settleBackgroundMail(); // mails a test set going (sign-up, reset) finish before their database closes
    await closeDb();
    await database?.drop();
  });
  return () => {
    if (!database) throw new Error("test database not ready");
    return database;
  };
}
