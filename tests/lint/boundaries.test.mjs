/**
 * The import boundaries of docs/decisions/009-import-boundaries.md, proved by breaking them:
 * each snippet is linted as if it were a file at that path, and the linter must refuse it.
 * Run by `npm run lint` (node's test runner).
 */
import assert from "node:assert/strict";
import { rmSync, writeFileSync } from "node:fs";
import { test } from "node:test";
import { ESLint } from "eslint";

const root = new URL("../..", import.meta.url).pathname;
// import/no-cycle needs files on disk; the path rules are checked on text alone.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { "import/no-cycle": "off" } } });

async function boundaryErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  assert.deepEqual(
    result.messages.filter((m) => m.fatal),
    [],
  );
  return result.messages.filter((m) => m.ruleId === "import/no-restricted-paths");
}

test("src/server may not import a feature", async () => {
  const errors = await boundaryErrors(
    "src/server/boundary-probe.ts",
    'import { signIn } from "@/features/accounts/server";\nexport const probe = signIn;\n',
  );
  assert.equal(errors.length, 1);
  assert.match(errors[0].message, /must not import the product/);
});

test("shared UI may not import a feature", async () => {
  const errors = await boundaryErrors(
    "src/components/boundary-probe.ts",
    'import { CourseCard } from "@/features/courses/components/course-card";\nexport const probe = CourseCard;\n',
  );
  assert.equal(errors.length, 1);
});

test("a feature may not reach into another feature's internals", async () => {
  const errors = await boundaryErrors(
    "src/features/learning/boundary-probe.ts",
    'import { generateLesson } from "@/features/generation/engine";\nexport const probe = generateLesson;\n',
  );
  assert.equal(errors.length, 1);
  assert.match(errors[0].message, /public entries/);
});

test("a service.ts behind server.ts is an internal like any other", async () => {
  const errors = await boundaryErrors(
    "src/features/learning/boundary-probe.ts",
    'import { findOwnCourse } from "@/features/courses/service";\nexport const probe = findOwnCourse;\n',
  );
  assert.equal(errors.length, 1);
  assert.match(errors[0].message, /@\/features\/<name>\/server/);
});

test("a feature may use another feature's server and client entries, and its own internals", async () => {
  const errors = await boundaryErrors(
    "src/features/learning/boundary-probe.ts",
    [
      'import { findOwnCourse } from "@/features/courses/server";',
      'import { progressPercent } from "@/features/courses/client";',
      'import { saveNotes } from "./notes";',
      "export const probe = [findOwnCourse, progressPercent, saveNotes];",
      "",
    ].join("\n"),
  );
  assert.deepEqual(errors, []);
});

/** Each arrow decision 009 forbids, with a module that exists at its head. */
const forbiddenArrows = [
  ["src/lib", "@/components/ui/button", /bottom layer/],
  ["src/lib", "@/i18n/config", /bottom layer/],
  ["src/i18n", "@/server/env", /below the server layer/],
  ["src/server", "@/components/ui/button", /must not import shared UI or the routes/],
  ["src/server", "@/app/layout", /must not import shared UI or the routes/],
  ["src/server", "@/instrumentation", /must not import shared UI or the routes/],
  ["src/features/courses", "@/app/layout", /must not import the routes/],
  ["src/features/courses", "@/proxy", /must not import the routes/],
];

for (const [folder, specifier, message] of forbiddenArrows) {
  test(`${folder} may not import ${specifier}`, async () => {
    const errors = await boundaryErrors(
      `${folder}/boundary-probe.ts`,
      `import * as probe from "${specifier}";\nexport { probe };\n`,
    );
    assert.equal(errors.length, 1, `${folder} → ${specifier} was let through`);
    assert.match(errors[0].message, message);
  });
}

test("a script may not import the product or the routes, and may import infrastructure and fakes", async () => {
  for (const specifier of [
    "../src/features/courses/server",
    "../src/components/ui/button",
    "../src/app/layout",
    "../src/proxy",
  ]) {
    const errors = await boundaryErrors(
      "scripts/boundary-probe.mjs",
      `import * as probe from "${specifier}";\nexport { probe };\n`,
    );
    assert.equal(errors.length, 1, `scripts → ${specifier} was let through`);
    assert.match(errors[0].message, /never the product/);
  }
  const allowed = await boundaryErrors(
    "scripts/boundary-probe.mjs",
    'import { migrate } from "../src/server/db/migrate";\nimport { startFake } from "../tests/fakes/stripe-server.mjs";\nexport { migrate, startFake };\n',
  );
  assert.deepEqual(allowed, []);
});

test("an import cycle fails", async () => {
  const a = `${root}src/lib/zz-cycle-probe-a.ts`;
  const b = `${root}src/lib/zz-cycle-probe-b.ts`;
  writeFileSync(a, 'import { b } from "./zz-cycle-probe-b";\nexport const a = () => b;\n');
  writeFileSync(b, 'import { a } from "./zz-cycle-probe-a";\nexport const b = () => a;\n');
  try {
    const [result] = await new ESLint({ cwd: root }).lintFiles([a]);
    assert.equal(result.messages.filter((m) => m.ruleId === "import/no-cycle").length, 1);
  } finally {
    rmSync(a, { force: true });
    rmSync(b, { force: true });
  }
});
