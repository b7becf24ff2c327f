import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: "node",
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
// (next-auth, jose, PGlite's loader), so everything is transformed (ARCHITECTURE "Pitfalls").
export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  return { ...resolved, transformIgnorePatterns: [] };
}
