#!/usr/bin/env node
/**
 * The app as the end-to-end suite sees it: the production build on its own port, a fresh
 * database (a new PGlite folder, or E2E_DATABASE_URL), and a known super admin.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = process.env.E2E_PORT ?? "3100";
const dataDir = path.join(root, ".data-e2e");
rmSync(dataDir, { recursive: true, force: true });

const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  PORT: port,
  APP_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
  ADMIN_EMAIL: "admin@e2e.test",
  ADMIN_PASSWORD: "admin-password-1",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
};
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
else delete env.DATABASE_URL;

const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
const server = spawn(process.execPath, [next, "start", "-p", port], { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
