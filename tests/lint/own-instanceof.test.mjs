/**
 * The project's classes are told apart by their brand, never by instanceof
 * (docs/decisions/030-jobs-keep-their-promises.md), proved by breaking the rule: each snippet is
 * linted as a file at that path, and the linter must refuse an instanceof on a class of the
 * project and let a built-in's or a package's through. Run by `npm run lint` (node's test runner).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ESLint } from "eslint";

const root = new URL("../..", import.meta.url).pathname;
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { "import/no-cycle": "off" } } });

async function ownInstanceofErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  assert.deepEqual(
    result.messages.filter((m) => m.fatal),
    [],
  );
  return result.messages.filter((m) => m.ruleId === "aula/no-own-instanceof");
}

test("instanceof on an error class imported from the project is refused", async () => {
  const errors = await ownInstanceofErrors(
    "src/server/jobs/brand-probe.ts",
    'import { JobDeferred } from "./handlers";\nexport const probe = (error: unknown) => error instanceof JobDeferred;\n',
  );
  assert.equal(errors.length, 1, "instanceof JobDeferred was let through");
  assert.match(errors[0].message, /JobDeferred\.is\(value\)/);
});

test("instanceof on AppError through a namespace import, or on a class declared in the file, is refused", async () => {
  const errors = await ownInstanceofErrors(
    "src/features/learning/brand-probe.ts",
    [
      'import * as errors from "@/server/http/errors";',
      "class LocalFailure extends Error {}",
      "export const probe = (error: unknown) => error instanceof errors.AppError || error instanceof LocalFailure;",
      "",
    ].join("\n"),
  );
  assert.equal(errors.length, 2);
});

test("the brand check, built-ins and packages' classes are let through", async () => {
  const errors = await ownInstanceofErrors(
    "src/server/brand-probe.ts",
    [
      'import { ZodError } from "zod";',
      'import { AppError } from "@/server/http/errors";',
      "export const probe = (error: unknown) =>",
      "  AppError.is(error) || error instanceof Error || error instanceof Date || error instanceof ZodError;",
      "",
    ].join("\n"),
  );
  assert.deepEqual(errors, []);
});
