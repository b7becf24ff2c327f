import { defineConfig } from "drizzle-kit";

// Only used to generate SQL migrations from the schema; the app applies them itself (src/server/db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/index.ts",
  out: "./drizzle",
});
