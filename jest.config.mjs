import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: "node",
  // The app keeps process-wide state on globalThis (the database handle and its pool renewal, the
  // lesson generations), and some of its background work ends after the test file that started it.
  // Jest 30's default "soft" cleanup wraps such objects between files, and a late write to one then
  // overflows the stack inside whichever file runs next (seen in CI); the cleanup only saves memory.
  testEnvironmentOptions: { globalsCleanup: "off" },
  testMatch: ["<rootDir>/src/**/*.test.ts", "<rootDir>/src/**/*.test.tsx", "<rootDir>/tests/integration/**/*.test.ts"],
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/src/$1",
    // `server-only` throws outside React's server build; tests run server code directly.
    "^server-only$": "<rootDir>/tests/setup/empty-module.ts",
  },
  setupFiles: ["<rootDir>/tests/setup/env.ts"],
  testTimeout: 30_000,
};

// next/jest ignores node_modules by default; several dependencies ship ES modules only
// (PGlite's loader among them), so everything is transformed.
export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  // Except unpdf's PDF.js bundle: an ES module of 2 MB that must stay one (transformed to
  // CommonJS it fails with "exports is not defined"); it needs no transform to run.
  return { ...resolved, transformIgnorePatterns: ["/node_modules/unpdf/dist/pdfjs\\.mjs$"] };
}
