/**
 * docs/api.md against the code: the routes found under src/app/api (`METHOD /api/path`, one per
 * exported HTTP method), the route headings of the doc, and its lines too long to read.
 * `tests/lint/api-doc.test.mjs` (run by `npm run lint`) fails when the two lists differ or a line
 * is too long. Pure functions: they read only the folder or text they are given.
 *
 * Paths are written as the doc writes them: a folder is a segment, `[id]` is `:id`, a catch-all
 * `[...slug]` (or the optional `[[...slug]]`) is `:slug*`; route groups `(name)` and parallel
 * slots `@name` add no segment; private folders `_name` (and all below them) are not routes.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const API_DOC = "docs/api.md";
const MAX_LINE = 120;

/** The HTTP methods a Next.js route file may export. */
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];

const ROUTE_FILE = /^route\.(?:js|jsx|mjs|ts|tsx)$/;

/** The URL segment of a folder: a string, `""` when it adds none, `null` when nothing below is routed. */
function routeSegment(folder) {
  if (folder.startsWith("_")) return null;
  if (/^\(.*\)$/.test(folder) || folder.startsWith("@")) return "";
  const catchAll = /^\[\[?\.\.\.([^\]]+)\]\]?$/.exec(folder);
  if (catchAll) return `:${catchAll[1]}*`;
  const dynamic = /^\[([^\]]+)\]$/.exec(folder);
  if (dynamic) return `:${dynamic[1]}`;
  return folder.replace(/^%5F/i, "_");
}

/** The code with its comments blanked out (strings kept), so a commented-out export does not count. */
function withoutComments(code) {
  let out = "";
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < code.length && code[j] !== c) j += code[j] === "\\" ? 2 : 1;
      out += code.slice(i, j + 1);
      i = j;
    } else if (c === "/" && code[i + 1] === "/") {
      while (i < code.length && code[i] !== "\n") i++;
      out += "\n";
    } else if (c === "/" && code[i + 1] === "*") {
      const end = code.indexOf("*/", i + 2);
      i = end < 0 ? code.length : end + 1;
      out += " ";
    } else out += c;
  }
  return out;
}

/**
 * The HTTP methods a route file exports, in the forms route files use: `export const GET = …`,
 * `export async function POST(…)`, `export const { GET, POST } = handlers`,
 * `export { handler as GET, POST }` and `export { GET } from "…"`. `export * from "…"` cannot be
 * read without following the import, so it throws rather than guess.
 */
export function routeMethods(code, file = "route file") {
  const text = withoutComments(code);
  if (/\bexport\s*\*/.test(text)) throw new Error(`${file}: "export *" hides which methods it exports`);
  const names = [];
  for (const m of text.matchAll(/\bexport\s+(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/g)) names.push(m[1]);
  for (const m of text.matchAll(/\bexport\s+(?:const|let|var)\s+([A-Za-z_$][\w$]*)/g)) names.push(m[1]);
  for (const m of text.matchAll(/\bexport\s+(?:const|let|var)\s*\{([^}]*)\}/g))
    for (const part of m[1].split(",")) names.push(part.split(":").pop().split("=")[0].trim());
  for (const m of text.matchAll(/\bexport\s*\{([^}]*)\}/g))
    for (const part of m[1].split(",")) {
      const spec = part.trim().replace(/^type\s+/, "");
      names.push(
        spec
          .split(/\s+as\s+/)
          .pop()
          .trim(),
      );
    }
  return HTTP_METHODS.filter((method) => names.includes(method));
}

/** Every `METHOD /path` the route files under `dir` serve, sorted; `base` is the URL of `dir`. */
export function routesFromFolder(dir, base = "/api") {
  const routes = [];
  const walk = (folder, path) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) {
        const segment = routeSegment(entry.name);
        if (segment !== null) walk(full, segment ? `${path}/${segment}` : path);
      } else if (ROUTE_FILE.test(entry.name)) {
        for (const method of routeMethods(readFileSync(full, "utf8"), full)) routes.push(`${method} ${path}`);
      }
    }
  };
  walk(dir, base);
  return routes.sort();
}

/** The text's lines with, for each, whether it is inside a fenced code block (or is a fence). */
function linesWithFences(markdown) {
  let fence = null;
  return markdown.split("\n").map((text, index) => {
    const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(text);
    let inCode = fence !== null;
    if (opener && fence === null) {
      fence = opener[1];
      inCode = true;
    } else if (
      opener &&
      opener[1][0] === fence[0] &&
      opener[1].length >= fence.length &&
      !/\S/.test(text.slice(opener[0].length))
    ) {
      fence = null;
    }
    return { number: index + 1, text, inCode };
  });
}

const ROUTE_HEADING = new RegExp(`^### \`(?:${HTTP_METHODS.join("|")}) /api(?:/[^\\s\`]*)?\`$`);

/**
 * The doc's route headings, `` ### `METHOD /api/path` ``, in order (a heading written twice is
 * listed twice), and its other `###` headings, which the doc should not have.
 */
export function docRoutes(markdown) {
  const routes = [];
  const malformed = [];
  for (const { text, inCode } of linesWithFences(markdown)) {
    if (inCode || !/^###\s/.test(text)) continue;
    if (ROUTE_HEADING.test(text.trimEnd())) routes.push(text.trimEnd().slice(5, -1));
    else malformed.push(text);
  }
  return { routes, malformed };
}

/**
 * What differs between the code's routes and the doc's headings, one message each: a route with
 * no heading, a heading with no route, a heading written twice, a `###` heading not in the form.
 */
export function routeDifferences(codeRoutes, markdown) {
  const { routes, malformed } = docRoutes(markdown);
  const inCode = new Set(codeRoutes);
  const inDoc = new Set(routes);
  return [
    ...[...inCode].filter((r) => !inDoc.has(r)).map((r) => `in the code, missing from ${API_DOC}: ${r}`),
    ...[...inDoc].filter((r) => !inCode.has(r)).map((r) => `in ${API_DOC}, missing from the code: ${r}`),
    ...[...inDoc].filter((r) => routes.indexOf(r) !== routes.lastIndexOf(r)).map((r) => `documented twice: ${r}`),
    ...malformed.map((h) => `a ### heading that is not \`METHOD /api/path\`: ${h}`),
  ];
}

/** Lines outside fenced code blocks longer than `max` characters (counted as code points). */
export function longLines(markdown, max = MAX_LINE) {
  return linesWithFences(markdown)
    .filter(({ text, inCode }) => !inCode && [...text].length > max)
    .map(({ number, text }) => ({ line: number, length: [...text].length }));
}
