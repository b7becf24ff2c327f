/**
 * The docs' maps match the code (tests/lint/doc-maps.mjs): the table-owner and grant tables are
 * the ones the code's map makes, and "Where things live" names every feature and server folder.
 * Planted differences prove each check can fail. Run by `npm run lint`.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { GENERATED_DOCS, expectedDoc, fillGenerated, ownerTable, unmappedFolders } from "./doc-maps.mjs";

const root = new URL("../..", import.meta.url).pathname;
const read = (doc) => readFileSync(`${root}${doc}`, "utf8");

test("the generated tables of the docs are the ones the code's map makes (npm run docs:maps)", async () => {
  for (const doc of GENERATED_DOCS)
    assert.equal(read(doc), await expectedDoc(doc), `${doc} differs from the code's map: run npm run docs:maps`);
});

test("a table moved to another owner in the doc alone is caught", async () => {
  const doc = GENERATED_DOCS[0];
  const edited = read(doc).replace("| `jobs`", "| `jobs`, `cards`");
  assert.notEqual(edited, read(doc), "the planted edit did not apply");
  assert.notEqual(edited, await expectedDoc(doc, edited));
});

test("the owner table lists every group of the map with its SQL names", () => {
  const table = ownerTable(
    [{ owner: "quiz", tables: ["quizAttempts"], why: "grading" }],
    new Map([["quizAttempts", "quiz_attempts"]]),
  );
  assert.match(table, /\| `quiz_attempts` \| `quiz` \| grading \|/);
});

test("a document without its markers is refused rather than left as it is", () => {
  assert.throws(() => fillGenerated("# No markers here\n", { "table owners": "| a |" }), /markers/);
});

test('"Where things live" names every feature and every folder of src/server', () => {
  assert.deepEqual(unmappedFolders(), []);
});

test("a folder the section does not name is reported", () => {
  const text = "## Where things live\n\n- `src/server/http/api.ts`: the wrapper.\n\n## Next\n";
  const missing = unmappedFolders(text);
  assert.ok(missing.includes("src/features/quiz/"), "a feature left out was not reported");
  assert.ok(!missing.includes("src/server/http/"), "a named folder was reported");
});
