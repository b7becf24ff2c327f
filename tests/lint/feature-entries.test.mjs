/**
 * Every feature has its two public entries (decision 036): `server.ts`, server-only from its
 * first line, and `client.ts`, which reaches no server-only module and nothing of src/server,
 * however many imports away. A planted server-only import proves the walk finds one. Run by
 * `npm run lint`.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { test } from "node:test";
import { browserReach, describeBreach, importsOf } from "./feature-entries.mjs";

const root = new URL("../..", import.meta.url).pathname;
const features = readdirSync(`${root}src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A file of the repository by its path from the root, or undefined when there is none. */
const readRepo = (file) =>
  existsSync(`${root}${file}`) && statSync(`${root}${file}`).isFile()
    ? readFileSync(`${root}${file}`, "utf8")
    : undefined;

test("every feature has server.ts, server-only from its first line, and client.ts; no index.ts", () => {
  assert.ok(features.length > 10, "the features were not found");
  for (const feature of features) {
    const server = readRepo(`src/features/${feature}/server.ts`);
    assert.ok(server !== undefined, `src/features/${feature}/server.ts is missing`);
    assert.equal(
      server.split("\n")[0],
      'import "server-only";',
      `src/features/${feature}/server.ts must start with import "server-only";`,
    );
    assert.ok(
      readRepo(`src/features/${feature}/client.ts`) !== undefined,
      `src/features/${feature}/client.ts is missing`,
    );
    for (const index of ["index.ts", "index.tsx"])
      assert.equal(
        readRepo(`src/features/${feature}/${index}`),
        undefined,
        `src/features/${feature}/${index}: use server.ts or client.ts`,
      );
  }
});

for (const feature of features) {
  test(`${feature}/client.ts reaches no server-only module and nothing of src/server`, () => {
    const { files, breaches } = browserReach(`src/features/${feature}/client.ts`, readRepo);
    assert.ok(files.length >= 1);
    assert.deepEqual(breaches.map(describeBreach), []);
  });
}

/** The planted feature: its browser entry reaches a server-only module three imports away. */
const planted = {
  "src/features/probe/client.ts": 'export { Widget } from "./components/widget";\nexport type { Row } from "./rows";\n',
  "src/features/probe/components/widget.tsx": [
    '"use client";',
    'import { useState } from "react";',
    'import { format } from "@/features/probe/format";',
    "export function Widget() {",
    "  return format(String(useState(0)[0]));",
    "}",
  ].join("\n"),
  "src/features/probe/format.ts": [
    '// import { nothing } from "./not-here";',
    'import { rows } from "./rows";',
    "export const format = (text: string) => text + rows.length;",
  ].join("\n"),
  "src/features/probe/rows.ts":
    'import "server-only";\nexport type Row = { id: string };\nexport const rows: Row[] = [];\n',
};
const readPlanted = (file) => planted[file];

test("the walk finds a server-only module reached through a component and a helper", () => {
  const { breaches } = browserReach("src/features/probe/client.ts", readPlanted);
  assert.deepEqual(breaches.map(describeBreach), [
    'src/features/probe/rows.ts has import "server-only" (src/features/probe/client.ts → src/features/probe/components/widget.tsx → src/features/probe/format.ts → src/features/probe/rows.ts)',
  ]);
});

test("the walk finds src/server, through a relative path and a dynamic import", () => {
  const files = {
    ...planted,
    "src/features/probe/format.ts":
      'export const format = async (text: string) => (await import("../../server/env")).env + text;\n',
    "src/server/env.ts": "export const env = {};\n",
  };
  const { breaches } = browserReach("src/features/probe/client.ts", (file) => files[file]);
  assert.deepEqual(
    breaches.map((b) => `${b.file} ${b.why}`),
    ["src/server/env.ts is under src/server"],
  );
});

test("type-only imports, packages and comments are not followed; a missing file is reported", () => {
  assert.deepEqual(
    importsOf(
      [
        'import type { A } from "@/server/db/schema";',
        'import { type B, type C } from "./types";',
        'export type { D } from "./server-types";',
        'import { e, type F } from "./values";',
        '// import "./commented";',
        "/* import { g } from './commented-too'; */",
        'import * as React from "react";',
        'export * from "./all";',
        'import "./side-effect.css";',
        'const url = "https://example.com/x"; import { h } from "../h";',
      ].join("\n"),
    ),
    ["./values", "react", "./all", "../h", "./side-effect.css"],
  );
  const { files, breaches } = browserReach("src/features/probe/client.ts", (file) =>
    file === "src/features/probe/client.ts" ? 'export { x } from "./gone";\nimport "./look.css";\n' : undefined,
  );
  assert.deepEqual(files, ["src/features/probe/client.ts", "src/features/probe/gone"]);
  assert.deepEqual(
    breaches.map((b) => `${b.file} ${b.why}`),
    ["src/features/probe/gone no such file"],
  );
});
