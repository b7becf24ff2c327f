/**
 * The offline worker (public/sw.js) is linted like the rest, and a name it never defines fails
 * lint: the worker is plain script with no type checker, and one undefined `url` in its notes
 * read once made every saved note look lost (issue 33). Each probe is linted as if it were the
 * worker. Run by `npm run lint` (node's test runner).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { ESLint } from "eslint";

const root = new URL("../..", import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });
const WORKER = "public/sw.js";

async function undefinedNames(code) {
  const [result] = await eslint.lintText(code, { filePath: WORKER });
  assert.deepEqual(
    result.messages.filter((m) => m.fatal),
    [],
  );
  return result.messages.filter((m) => m.ruleId === "no-undef").map((m) => m.message);
}

test("a name the worker never defines fails lint", async () => {
  const errors = await undefinedNames(
    'async function notesRead(request) {\n  const response = await fetch(request);\n  if (url.pathname === "/x") return response;\n  return response;\n}\nself.addEventListener("fetch", (event) => event.respondWith(notesRead(event.request)));\n',
  );
  assert.equal(errors.length, 1);
  assert.match(errors[0], /'url' is not defined/);
});

test("the worker's own globals are known", async () => {
  const errors = await undefinedNames(
    'self.addEventListener("activate", (event) => event.waitUntil(clients.claim()));\ncaches.keys().then(() => new Response("", { headers: new Headers() }));\nnew URL(self.location.href);\n',
  );
  assert.deepEqual(errors, []);
});

test("public/sw.js itself lints clean", async () => {
  const [result] = await eslint.lintText(readFileSync(new URL(`../../${WORKER}`, import.meta.url), "utf8"), {
    filePath: WORKER,
  });
  assert.deepEqual(
    result.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.message}`),
    [],
  );
});
