/**
 * docs/api.md lists exactly the routes of src/app/api, one `### \`METHOD /api/path\`` heading each,
 * and stays readable (no line over 120 characters outside code blocks). Planted routes, headings
 * and lines prove each check can fail. Run by `npm run lint`.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { API_DOC, docRoutes, longLines, routeDifferences, routeMethods, routesFromFolder } from "./api-routes.mjs";

const root = new URL("../..", import.meta.url).pathname;
const doc = readFileSync(`${root}${API_DOC}`, "utf8");

test("every route of src/app/api has its heading in docs/api.md, and every heading a route", () => {
  const routes = routesFromFolder(`${root}src/app/api`);
  assert.ok(routes.length > 50, "the routes of src/app/api were not found");
  const found = routeDifferences(routes, doc);
  assert.deepEqual(found, [], `${API_DOC} and src/app/api differ:\n${found.join("\n")}`);
});

test("no line of docs/api.md outside code blocks is longer than 120 characters", () => {
  const found = longLines(doc).map(({ line, length }) => `${API_DOC}:${line} has ${length} characters`);
  assert.deepEqual(found, [], found.join("\n"));
});

/** A planted src/app/api: each file written under a fresh temporary folder. */
function plantedApi(files) {
  const dir = mkdtempSync(join(tmpdir(), "api-routes-"));
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
  return dir;
}

test("each way a route file exports its methods is read, and only route files count", () => {
  const dir = plantedApi({
    "route.ts": "export const HEAD = () => new Response(null);\n",
    "a/route.ts": 'export const GET = apiRoute.public({}, handler);\nexport const dynamic = "force-dynamic";\n',
    "a/helpers.ts": "export const POST = 1;\n",
    "b/[id]/route.ts": "export async function POST(request) {}\nexport function DELETE() {}\n",
    "(group)/c/route.ts": "const handler = () => {};\nexport { handler as GET, handler as PUT };\n",
    "d/[...slug]/route.ts": 'export { GET, PATCH as OPTIONS } from "./impl";\n',
    "@slot/e/route.js":
      "// export const POST = 1;\n/* export function PUT() {} */\nexport const { GET, POST: PATCH } = handlers;\n",
    "_private/route.ts": "export const GET = () => new Response();\n",
  });
  try {
    assert.deepEqual(routesFromFolder(dir), [
      "DELETE /api/b/:id",
      "GET /api/a",
      "GET /api/c",
      "GET /api/d/:slug*",
      "GET /api/e",
      "HEAD /api",
      "OPTIONS /api/d/:slug*",
      "PATCH /api/e",
      "POST /api/b/:id",
      "PUT /api/c",
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.throws(() => routeMethods('export * from "./impl";\n', "x/route.ts"), /x\/route\.ts: "export \*"/);
});

test("a route missing from the doc and a heading with no route are both named", () => {
  const text = [
    "## Area",
    "### `GET /api/a`",
    "### `DELETE /api/b/:id`",
    "### `GET /api/a`",
    "### GET /api/c",
    "```md",
    "### `PUT /api/in-a-code-block`",
    "```",
  ].join("\n\n");
  assert.deepEqual(docRoutes(text).routes, ["GET /api/a", "DELETE /api/b/:id", "GET /api/a"]);
  assert.deepEqual(routeDifferences(["GET /api/a", "POST /api/b/:id"], text), [
    "in the code, missing from docs/api.md: POST /api/b/:id",
    "in docs/api.md, missing from the code: DELETE /api/b/:id",
    "documented twice: GET /api/a",
    "a ### heading that is not `METHOD /api/path`: ### GET /api/c",
  ]);
  assert.deepEqual(routeDifferences(["GET /api/a"], "### `GET /api/a`\n"), []);
});

test("a long line is reported outside code blocks only, counted in characters", () => {
  const text = [
    "# Doc",
    "x".repeat(121),
    "é".repeat(120),
    "```json",
    "y".repeat(300),
    "```",
    "~~~",
    "```",
    "z".repeat(200),
    "~~~",
    "w".repeat(130),
  ].join("\n");
  assert.deepEqual(longLines(text), [
    { line: 2, length: 121 },
    { line: 11, length: 130 },
  ]);
});
