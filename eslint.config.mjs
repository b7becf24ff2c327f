import { readdirSync } from "node:fs";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** The product's features, each a folder of src/features (docs/decisions/009-import-boundaries.md). */
const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** What may import what: infrastructure never knows the product; features meet only at their public entry. */
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
          ...features.map((feature) => ({
            target: `./src/features/${feature}`,
            from: "./src/features",
            except: [
              `./${feature}`,
              ...features
                .filter((other) => other !== feature)
                .flatMap((other) => [`./${other}/service.ts`, `./${other}/index.ts`]),
            ],
            message:
              "A feature imports another only through its public entry (service.ts or index.ts), never its internals.",
          })),
        ],
      },
    ],
    "import/no-cycle": ["error", { ignoreExternal: true }],
  },
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
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Jest helpers such as useTestDatabase() register hooks (beforeAll/afterAll); they are not React hooks.
    files: ["tests/**/*.ts", "src/**/*.test.ts", "src/**/*.test.tsx"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
