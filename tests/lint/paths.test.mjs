/**
 * Page addresses are built by src/lib/paths.ts only (docs/decisions/019-typed-paths.md): a string
 * such as "/dashboard" or `/course/${id}` written anywhere else in src fails this check. The page
 * roots are read from src/app, so a new top-level page is covered without editing this file.
 * Run by `npm run lint` (node's test runner).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import ts from "typescript";

const root = new URL("../..", import.meta.url).pathname;
const src = path.join(root, "src");

/** The one module that writes page paths. */
const PATHS_MODULE = "src/lib/paths.ts";

/** First URL segments of the app's pages: the folders of src/app, route groups `(x)` looked through. */
function pageRoots(dir = path.join(src, "app")) {
  const roots = new Set();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === "api" || entry.name.startsWith("[") || entry.name.startsWith("_")) {
      continue;
    }
    if (/^\(.*\)$/.test(entry.name)) for (const r of pageRoots(path.join(dir, entry.name))) roots.add(r);
    else roots.add(entry.name);
  }
  return roots;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function pagePathPattern(roots) {
  const names = [...roots].sort((a, b) => b.length - a.length).map(escape);
  // The root must be a whole segment: "/courses" or "/administrator" are not "/course" or "/admin".
  return new RegExp(`^/(?:${names.join("|")})(?=[/?#]|$)`);
}

/** Calls and attributes whose argument is a page to go to, where the home page "/" counts too. */
const NAVIGATION = /^(href|push|replace|redirect|permanentRedirect|navigate|prefetch)$/;

function navigationTarget(node) {
  const parent = node.parent;
  if (ts.isJsxAttribute(parent)) return parent.name.getText();
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) return parent.parent.name.getText();
  if (ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression;
    return ts.isPropertyAccessExpression(callee) ? callee.name.text : callee.getText();
  }
  return "";
}

/** Every string or template piece of `code` that starts a page path, as "line: text". */
function pagePathLiterals(fileName, code, pattern = pagePathPattern(pageRoots())) {
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const visit = (node) => {
    const isText =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      node.kind === ts.SyntaxKind.TemplateHead ||
      node.kind === ts.SyntaxKind.TemplateMiddle ||
      node.kind === ts.SyntaxKind.TemplateTail;
    if (isText) {
      const text = node.text;
      // Import specifiers are modules, not addresses.
      const inImport = ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent);
      const home = text === "/" && NAVIGATION.test(navigationTarget(node));
      if (!inImport && (pattern.test(text) || home)) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
        found.push(`${line + 1}: ${text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

test("the page roots come from src/app", () => {
  const roots = pageRoots();
  for (const root of ["dashboard", "login", "course", "admin", "blog", "terms", "payment-failed", "shareable"]) {
    assert.ok(roots.has(root), root);
  }
  assert.ok(!roots.has("api"));
  assert.ok(![...roots].some((r) => r.startsWith("(")));
});

test("no page path is written outside src/lib/paths.ts", () => {
  const pattern = pagePathPattern(pageRoots());
  const breaches = [];
  for (const file of sourceFiles(src)) {
    const relative = path.relative(root, file);
    if (relative === PATHS_MODULE) continue;
    const hits = pagePathLiterals(relative, readFileSync(file, "utf8"), pattern);
    breaches.push(...hits.map((hit) => `${relative}:${hit}`));
  }
  assert.deepEqual(breaches, [], "build these with `paths` from @/lib/paths");
});

test("the check catches a planted breach, in every form", () => {
  const planted = [
    'export const a = "/dashboard";',
    "export const b = (id: string) => `/course/${id}/quiz`;",
    "export const c = (base: string) => `${base}/shareable?id=1`;",
    'export const d = <a href="/login?callbackUrl=%2F">x</a>;',
    'export const e = <a href="/">home</a>;',
    'router.push("/");',
    "export const f = '/admin/users';",
  ].join("\n");
  assert.deepEqual(
    pagePathLiterals("src/features/probe/planted.tsx", planted).map((hit) => hit.split(":")[0]),
    ["1", "2", "3", "4", "5", "6", "7"],
  );
});

test("what is not a page path passes", () => {
  const fine = [
    'import { x } from "@/features/courses/client";',
    'export const api = "/api/courses/x";',
    'export const longer = ["/courses", "/administrator", "/dashboards"];',
    'export const cookie = { path: "/" };',
    "// a comment about /dashboard",
    'export const url = new URL("/", base);',
  ].join("\n");
  assert.deepEqual(pagePathLiterals("src/features/probe/fine.tsx", fine), []);
});
