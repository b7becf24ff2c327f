import { readdirSync } from "node:fs";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import noOwnInstanceof from "./eslint-rules/no-own-instanceof.mjs";

/** The product's features, each a folder of src/features (docs/decisions/009-import-boundaries.md). */
const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The routes and the composition root: everything may be imported from here, and nothing imports them. */
const compositionRoot = ["./src/app", "./src/instrumentation.ts", "./src/proxy.ts"];

/**
 * What may import what: infrastructure never knows the product; features meet only at their two
 * public entries, server.ts and client.ts (docs/decisions/036-feature-entries.md).
 */
const boundaries = {
  files: ["src/**/*.ts", "src/**/*.tsx"],
  // Follow our own imports only: parsing dependencies for cycles is slow, and PGlite's bundle overflows the parser.
  settings: { "import/ignore": ["node_modules"] },
  rules: {
    "import/no-restricted-paths": [
      "error",
      {
        zones: [
          {
            target: "./src/server",
            from: "./src/features",
            message:
              "src/server is infrastructure and must not import the product (src/features); let the caller pass what it needs.",
          },
          {
            target: ["./src/components", "./src/lib", "./src/i18n"],
            from: "./src/features",
            message: "Shared UI and libraries must not import a feature; move what both need here, or pass it in.",
          },
          {
            target: ["./src/lib"],
            from: "./src/server",
            message: "src/lib is shared by server and browser and must not import server-only code.",
          },
          {
            target: ["./src/lib"],
            from: ["./src/components", "./src/i18n"],
            message: "src/lib is the bottom layer: pure helpers that import only packages and other src/lib.",
          },
          {
            target: ["./src/i18n"],
            from: "./src/server",
            message:
              "src/i18n sits below the server layer: it may import src/lib only; let the server pass what it needs.",
          },
          {
            target: ["./src/server"],
            from: ["./src/components", ...compositionRoot],
            message:
              "src/server is infrastructure: it must not import shared UI or the routes; let the caller pass what it needs.",
          },
          {
            target: ["./src/features"],
            from: compositionRoot,
            message: "A feature must not import the routes or the composition root; they import the feature.",
          },
          ...features.map((feature) => ({
            target: `./src/features/${feature}`,
            from: "./src/features",
            except: [
              `./${feature}`,
              ...features
                .filter((other) => other !== feature)
                .flatMap((other) => [`./${other}/server.ts`, `./${other}/client.ts`]),
            ],
            message:
              "A feature imports another only through its public entries, @/features/<name>/server (server code) or @/features/<name>/client (browser-safe), never its internals.",
          })),
        ],
      },
    ],
    "import/no-cycle": ["error", { ignoreExternal: true }],
  },
};

/**
 * Scripts (start, migrate, demo, benchmarks) run beside the app, not in it: they may import
 * packages, other scripts, the test fakes and infrastructure (src/server, src/lib, src/i18n),
 * never the product or the routes; what they need of the product they ask over HTTP.
 */
const scriptBoundaries = {
  files: ["scripts/**/*.mjs", "scripts/**/*.ts"],
  settings: { "import/ignore": ["node_modules"] },
  rules: {
    "import/no-restricted-paths": [
      "error",
      {
        zones: [
          {
            target: "./scripts",
            from: ["./src/features", "./src/components", ...compositionRoot],
            message:
              "A script may import src/server, src/lib, src/i18n and tests/fakes, never the product (features, UI, routes); ask the app over HTTP.",
          },
        ],
      },
    ],
  },
};

/**
 * The project's classes are told apart by their brand, never by instanceof: the production build
 * may hold two copies of a class (docs/decisions/030-jobs-keep-their-promises.md).
 */
const ownClasses = {
  files: ["src/**/*.ts", "src/**/*.tsx"],
  plugins: { aula: { rules: { "no-own-instanceof": noOwnInstanceof } } },
  rules: { "aula/no-own-instanceof": "error" },
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      ".data/**",
      ".data-*/**",
      "drizzle/**",
      "playwright-report/**",
      "test-results/**",
      "next-env.d.ts",
    ],
  },
  boundaries,
  scriptBoundaries,
  ownClasses,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The offline worker is plain script run in a service worker's scope, with no TypeScript to
    // catch a name it never defines: no-undef does (a `url` read out of scope once broke every
    // notes read). The browser's and Node's globals come from eslint-config-next; these are the
    // worker's own.
    files: ["public/sw.js"],
    languageOptions: {
      sourceType: "script",
      globals: { clients: "readonly", registration: "readonly", skipWaiting: "readonly", serviceWorker: "readonly" },
    },
    rules: { "no-undef": "error" },
  },
  {
    // Jest helpers such as useTestDatabase() register hooks (beforeAll/afterAll); they are not React hooks.
    files: ["tests/**/*.ts", "src/**/*.test.ts", "src/**/*.test.tsx"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
