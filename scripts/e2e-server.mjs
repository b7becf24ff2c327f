#!/usr/bin/env node
/**
 * The app as the end-to-end suite sees it: the production build on its own port, a fresh
 * database (a new PGlite folder, or E2E_DATABASE_URL), a known super admin, and the fake
 * Resend API (tests/fakes/resend-server.mjs) on E2E_PORT + 10, where specs read the mails.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { startFakeResend } from "../tests/fakes/resend-server.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = process.env.E2E_PORT ?? "3100";
const dataDir = path.join(root, ".data-e2e");
rmSync(dataDir, { recursive: true, force: true });

const resendPort = Number(process.env.E2E_RESEND_PORT ?? Number(port) + 10);
const resend = await startFakeResend({ port: resendPort, apiKey: "re_e2e_key" });

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
  RESEND_API_KEY: resend.apiKey,
  RESEND_BASE_URL: resend.url,
  EMAIL_FROM: "Aula <no-reply@e2e.test>",
};
delete env.SMTP_URL;
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
else delete env.DATABASE_URL;

const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
const server = spawn(process.execPath, [next, "start", "-p", port], { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => resend.close().then(() => process.exit(code ?? 0)));
