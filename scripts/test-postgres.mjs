#!/usr/bin/env node
/**
 * `npm run test:postgres`: the Jest files that open a database (through tests/setup/test-db.ts:
 * `useTestDatabase` or `createTestDatabase`), against the PostgreSQL server in TEST_DATABASE_URL.
 * The other files never touch a database, so `npm test` on PGlite already covers them; running
 * them twice only cost CI time. Extra arguments go to Jest (`-- --maxWorkers=2`).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
if (!process.env.TEST_DATABASE_URL?.trim()) {
  console.error("test:postgres needs TEST_DATABASE_URL (a PostgreSQL server URL; each file gets a throwaway database)");
  process.exit(2);
}

const OPENS_A_DATABASE = /\b(useTestDatabase|createTestDatabase)\b/;
const isTestFile = (name) => /\.test\.tsx?$/.test(name);

function testFiles(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && isTestFile(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const files = [...testFiles("src"), ...testFiles("tests/integration")].filter((file) =>
  OPENS_A_DATABASE.test(readFileSync(path.join(root, file), "utf8")),
);
if (files.length === 0) {
  console.error("test:postgres found no test file that opens a database");
  process.exit(1);
}
console.log(`test:postgres: ${files.length} test files open a database`);

const result = spawnSync("npx", ["jest", ...process.argv.slice(2), ...files], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, "--experimental-vm-modules"].filter(Boolean).join(" "),
  },
});
process.exit(result.status ?? 1);
