/**
 * A fresh PGlite DATA_DIR is loaded from the install's migrated template cluster when there is
 * one (decision 024): the first fresh start writes it after its migrations and before any seed,
 * the next fresh directory starts from it with every migration applied and no rows, and a
 * directory made that way opens again as an existing one.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { closeDb, getDbHandle, type DbHandle } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";

jest.setTimeout(240_000);

const repo = process.cwd();
const journal: { entries: unknown[] } = JSON.parse(
  readFileSync(path.join(repo, "drizzle", "meta", "_journal.json"), "utf8"),
);

/** Rows of a raw query (PGlite answers { rows }). */
async function rows<T>(handle: DbHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

// An install of its own: the template cache is under its node_modules, the migrations and PGlite
// are the repository's (linked), so this test neither reads nor writes the real cache.
const install = mkdtempSync(path.join(tmpdir(), "aula-template-"));
const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };

beforeAll(() => {
  mkdirSync(path.join(install, "node_modules"));
  symlinkSync(path.join(repo, "node_modules", "@electric-sql"), path.join(install, "node_modules", "@electric-sql"));
  symlinkSync(path.join(repo, "drizzle"), path.join(install, "drizzle"));
  jest.spyOn(process, "cwd").mockReturnValue(install);
  delete process.env.DATABASE_URL;
});

afterAll(async () => {
  await closeDb();
  jest.restoreAllMocks();
  Object.assign(process.env, saved);
  rmSync(install, { recursive: true, force: true });
});

it("the first fresh DATA_DIR writes the template; the next starts from it, migrated and empty", async () => {
  const cache = path.join(install, "node_modules", ".cache", "aula");

  process.env.DATA_DIR = path.join(install, "first");
  const first = await getDbHandle();
  expect(first.kind).toBe("pglite");
  expect(first.afterFirstMigrate).toBeDefined();
  await migrateDatabase(first);
  await first.afterFirstMigrate!();
  // A seed after the template is written stays out of it.
  await first.db.execute(
    sql`insert into users (email, name, password_hash) values ('seeded@example.io', 'Seeded', 'x')`,
  );
  await closeDb();
  const templates = existsSync(cache) ? readdirSync(cache) : [];
  expect(templates).toEqual([expect.stringMatching(/^pglite-template-[0-9a-f]{16}\.tar$/)]);

  process.env.DATA_DIR = path.join(install, "second");
  const second = await getDbHandle();
  expect(second.afterFirstMigrate).toBeUndefined();
  const applied = await rows<{ n: number }>(second, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  expect(applied[0].n).toBe(journal.entries.length);
  expect(await rows(second, sql`select id from users`)).toEqual([]);
  await migrateDatabase(second); // nothing left to apply
  await second.db.execute(sql`insert into users (email, name, password_hash) values ('b@example.io', 'B', 'x')`);
  await closeDb();

  // Opened again, it is an existing directory: its own rows, no template step.
  const again = await getDbHandle();
  expect(again.afterFirstMigrate).toBeUndefined();
  expect(await rows<{ email: string }>(again, sql`select email from users`)).toEqual([{ email: "b@example.io" }]);
  await closeDb();
});
