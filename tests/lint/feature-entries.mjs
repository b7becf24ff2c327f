/**
 * What a feature's browser entry (`src/features/<name>/client.ts`, decision 036) reaches: its
 * imports followed from file to file within src, as a bundler would, to every module a page
 * importing the entry could take. Pure: files are read through the `read` function it is given
 * (a path from the repository's root → the file's text, or undefined when there is none), so a
 * test can hand it files that exist only in memory. `tests/lint/feature-entries.test.mjs` runs it.
 */
import path from "node:path";

/** Whether a module says it may run only on the server. */
const isServerOnly = (code) => /^\s*import\s+["']server-only["'];?/m.test(code);

/** Whether a file belongs to the server layer. */
const isServerLayer = (file) => file.startsWith("src/server/");

/** The code without its comments: a commented-out import is none. Strings keep their `//` (URLs). */
function withoutComments(code) {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[\s;{}()])\/\/.*$/gm, "$1");
}

/** An import's names only name types (`{ type A, type B }`): TypeScript erases it. */
const onlyTypes = (clause) =>
  /^\{[\s\S]*\}$/.test(clause.trim()) &&
  clause
    .trim()
    .slice(1, -1)
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean)
    .every((name) => name.startsWith("type "));

/**
 * The specifiers a module loads when it runs: static imports and re-exports, bare `import "m"`,
 * and `import("m")` (a chunk loaded later is still shipped to the browser). Type-only imports and
 * re-exports are left out: they are erased before any bundler sees the code.
 */
export function importsOf(code) {
  const text = withoutComments(code);
  const found = [];
  for (const m of text.matchAll(/\b(import|export)\s+(type\s+)?([\w$*{}\s,]*?)\s*from\s*["']([^"']+)["']/g))
    if (!m[2] && !onlyTypes(m[3])) found.push(m[4]);
  for (const m of text.matchAll(/\bimport\s*["']([^"']+)["']/g)) found.push(m[1]);
  for (const m of text.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1]);
  return found;
}

/**
 * The file an import names, from the root (`src/...`), or null for a package or an asset (a
 * stylesheet, JSON). `@/` is `src/`; a path may leave out `.ts`, `.tsx` or `/index.ts`. An import
 * of ours that names no file resolves to the path as written, which the walk reports.
 */
function resolveImport(specifier, fromFile, read) {
  let base;
  if (specifier.startsWith("@/")) base = `src/${specifier.slice(2)}`;
  else if (/^\.\.?(\/|$)/.test(specifier)) base = path.posix.join(path.posix.dirname(fromFile), specifier);
  else return null;
  const extension = path.posix.extname(base);
  if (extension && !/^\.[cm]?[jt]sx?$/.test(extension)) return null;
  const candidates = extension ? [base] : [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => read(candidate) !== undefined) ?? base;
}

/**
 * Walks every module `entry` loads, transitively within src. Returns the files reached and the
 * breaches: each module that is server-only or under src/server, with the chain of imports that
 * led to it (the walk does not go past one), and each import that names no file.
 */
export function browserReach(entry, read) {
  const reached = new Map([[entry, [entry]]]);
  const breaches = [];
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift();
    const chain = reached.get(file);
    const code = read(file);
    if (code === undefined) {
      breaches.push({ file, chain, why: "no such file" });
      continue;
    }
    if (isServerLayer(file)) {
      breaches.push({ file, chain, why: "is under src/server" });
      continue;
    }
    if (isServerOnly(code)) {
      breaches.push({ file, chain, why: 'has import "server-only"' });
      continue;
    }
    for (const specifier of importsOf(code)) {
      const target = resolveImport(specifier, file, read);
      if (!target || reached.has(target)) continue;
      reached.set(target, [...chain, target]);
      queue.push(target);
    }
  }
  return { files: [...reached.keys()], breaches };
}

/** A breach as one line: `src/server/env.ts is under src/server (client.ts → a.ts → src/server/env.ts)`. */
export const describeBreach = (breach) => `${breach.file} ${breach.why} (${breach.chain.join(" → ")})`;
