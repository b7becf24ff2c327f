import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", "node_modules/**", ".data/**", ".data-*/**", "drizzle/**", "playwright-report/**", "test-results/**", "next-env.d.ts"] },
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
