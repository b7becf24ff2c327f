/**
 * One owner writes each table (docs/table-owners.md): the owner map covers the schema, the code
 * keeps to it, and planted breaches of each kind are caught. Run by `npm run lint`.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { GRANTS, OWNERS } from "./table-owners.mjs";
import { ownershipBreaches, schemaTableFiles, schemaTables } from "./table-writes.mjs";

const root = new URL("../..", import.meta.url).pathname;
const features = readdirSync(`${root}src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function* sourceFiles(dir) {
  for (const entry of readdirSync(`${root}${dir}`, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

const breaches = (filePath, code) => ownershipBreaches(filePath, code).map((b) => b.message);

test("every table of the schema has one owner, a feature or the server layer", () => {
  const tables = [...schemaTables().keys()].sort();
  assert.ok(tables.length > 20, "the schema's tables were not found");
  assert.deepEqual(Object.keys(OWNERS).sort(), tables);
  for (const [table, owner] of Object.entries(OWNERS))
    assert.ok(owner === "server" || features.includes(owner), `${table}: unknown owner ${owner}`);
  for (const grant of GRANTS) assert.ok(OWNERS[grant.table] && grant.columns.length > 0 && grant.why);
});

test("each table is declared in its owner's file of the schema (src/server's own in infrastructure.ts)", () => {
  const misplaced = [...schemaTableFiles()]
    .filter(([table, { file }]) => (OWNERS[table] === "server" ? "infrastructure" : OWNERS[table]) !== file)
    .map(([table, { file }]) => `${table} is in schema/${file}.ts, owned by ${OWNERS[table]}`);
  assert.deepEqual(misplaced, []);
});

test("no file of src writes a table it does not own", () => {
  const found = [...sourceFiles("src")].flatMap((file) => breaches(file, readFileSync(`${root}${file}`, "utf8")));
  assert.deepEqual(found, []);
});

test("a feature inserting into another feature's table is refused", () => {
  const found = breaches(
    "src/features/admin/owner-probe.ts",
    'import { subscriptions } from "@/server/db/schema";\nexport const probe = (tx) => tx.insert(subscriptions).values({});\n',
  );
  assert.equal(found.length, 1);
  assert.match(found[0], /insert of subscriptions: subscriptions is owned by plans/);
});

test("a delete inside a transaction, through a renamed import, is refused", () => {
  const found = breaches(
    "src/features/courses/owner-probe.ts",
    'import { lessons as lessonTable } from "@/server/db/schema";\nexport const probe = (db) => db.transaction((tx) => tx.delete(lessonTable));\n',
  );
  assert.equal(found.length, 1);
  assert.match(found[0], /delete of lessons: lessons is owned by learning/);
});

test("raw SQL writes are refused, by table name or interpolated table", () => {
  const found = breaches(
    "src/features/site/owner-probe.ts",
    [
      'import { sql } from "drizzle-orm";',
      'import { users } from "@/server/db/schema";',
      "export const a = sql`update users set plan = 'free'`;",
      "export const b = sql`delete from ${users} where true`;",
      'export const c = "insert into payments (id) values (1)";',
    ].join("\n"),
  );
  assert.equal(found.length, 3);
  assert.match(found.join("\n"), /update of users/);
  assert.match(found.join("\n"), /delete of users/);
  assert.match(found.join("\n"), /insert of payments/);
});

test("reading another feature's table, or a locking select, is not a write", () => {
  const found = breaches(
    "src/features/admin/owner-probe.ts",
    [
      'import { sql } from "drizzle-orm";',
      'import { users } from "@/server/db/schema";',
      "export const a = (db) => db.select().from(users);",
      "export const b = sql`select ${users.id} from ${users} for update`;",
    ].join("\n"),
  );
  assert.deepEqual(found, []);
});

test("a grant allows its columns only, and only when they can be read", () => {
  const update = (set) =>
    breaches(
      "src/features/plans/owner-probe.ts",
      `import { users } from "@/server/db/schema";\nexport const probe = (tx, values) => tx.update(users).set(${set});\n`,
    );
  assert.deepEqual(update("{ plan: 'free', planExpiresAt: null }"), []);
  assert.match(update("{ plan: 'free', email: 'x@y.z' }")[0], /beyond the grant to plans/);
  assert.match(update("{ ...values }")[0], /columns not known/);
  assert.equal(
    breaches(
      "src/features/plans/owner-probe.ts",
      'import { users } from "@/server/db/schema";\nexport const probe = (tx) => tx.delete(users);\n',
    ).length,
    1,
  );
});

test("the server layer writes only its own tables, and routes write none", () => {
  const code =
    'import { certificates } from "@/server/db/schema";\nexport const probe = (db) => db.update(certificates).set({ png: null });\n';
  assert.equal(breaches("src/server/owner-probe.ts", code).length, 1);
  assert.equal(breaches("src/app/api/owner-probe/route.ts", code).length, 1);
  assert.equal(breaches("src/features/quiz/owner-probe.ts", code).length, 0);
});
