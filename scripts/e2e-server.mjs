#!/usr/bin/env node
/**
 * The app as the end-to-end suite sees it: the production build on its own port, a fresh
 * database (a new PGlite folder, or E2E_DATABASE_URL), a known super admin, a few paid
 * accounts (E2E_PAID_ACCOUNTS, seeded into the database before the app starts: there is no
 * way to become paid through the app's surface without a payment), and the fake model and
 * media servers of tests/fakes/ on E2E_PORT+10 … +14, wired in through the documented settings.
 * The fake Resend API (tests/fakes/resend-server.mjs) listens on E2E_PORT + 20; specs read the mails there.
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { startFakeResend } from "../tests/fakes/resend-server.mjs";
import { startPaymentFakes } from "./payment-fakes.mjs";
import { root, startFakes } from "./with-fakes.mjs";

const port = process.env.E2E_PORT ?? "3100";
const dataDir = path.join(root, ".data-e2e");
rmSync(dataDir, { recursive: true, force: true });

/** Keep in step with tests/e2e/fixtures.ts (PAID_ACCOUNTS). */
const E2E_PAID_ACCOUNTS = ["paid-1@e2e.test", "paid-2@e2e.test", "paid-3@e2e.test", "paid-4@e2e.test"];
const E2E_PAID_PASSWORD = "e2e-password-1";

async function seedPaidAccounts() {
  const { hash } = await import("@node-rs/argon2");
  const passwordHash = await hash(E2E_PAID_PASSWORD);
  let client;
  let query;
  if (process.env.E2E_DATABASE_URL) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    client = postgres(process.env.E2E_DATABASE_URL, { max: 1, onnotice: () => {} });
    await migrate(drizzle(client), { migrationsFolder: path.join(root, "drizzle") });
    query = (sql, params) => client.unsafe(sql, params);
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const dir = path.join(dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    // The extensions migration 0015 creates (src/server/db/pglite-extensions.ts).
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
    client = await PGlite.create(dir, { extensions: { pg_trgm, unaccent } });
    await migrate(drizzle(client), { migrationsFolder: path.join(root, "drizzle") });
    query = (sql, params) => client.query(sql, params);
  }
  for (const email of E2E_PAID_ACCOUNTS) {
    await query(
      "insert into users (email, name, password_hash, plan) values ($1, $2, $3, 'monthly') on conflict (email) do update set plan = 'monthly'",
      [email, "Paid Learner", passwordHash],
    );
  }
  await seedAdminPanelData(query, passwordHash);
  await (client.end ? client.end({ timeout: 5 }) : client.close());
}

// ---- Admin panel (issue 15): revenue and contacts for tests/e2e/admin.spec.ts. Until the payment
// fakes land nothing in the app writes subscriptions or payments, so the spec's figures come from
// these rows: two paid buyers (one yearly, one monthly with a partial refund), an expired
// subscription that must not count, and two contact messages. Keep in step with the spec.
const E2E_ADMIN_BUYERS = ["buyer-monthly@e2e.test", "buyer-yearly@e2e.test"];
async function seedAdminPanelData(query, passwordHash) {
  const day = 24 * 60 * 60 * 1000;
  const soon = new Date(Date.now() + 20 * day).toISOString();
  const past = new Date(Date.now() - day).toISOString();
  const rows = [
    // email, plan, subscription amount, period end, payment amount, refunded
    [E2E_ADMIN_BUYERS[0], "monthly", 4700, soon, 4700, 700],
    [E2E_ADMIN_BUYERS[1], "yearly", 9600, soon, 9600, 0],
  ];
  for (const [email, plan, amount, periodEnd, paid, refunded] of rows) {
    const [user] = await query(
      "insert into users (email, name, password_hash, plan, plan_expires_at) values ($1, $2, $3, $4, $5) on conflict (email) do update set plan = excluded.plan returning id",
      [email, "Buyer", passwordHash, plan, periodEnd],
    ).then((r) => r.rows ?? r);
    await query(
      "insert into subscriptions (user_id, plan, provider, provider_subscription_id, status, current_period_end, amount_minor, currency) values ($1, $2, 'stripe', $3, 'active', $4, $5, 'USD') on conflict do nothing",
      [user.id, plan, `sub_${email}`, periodEnd, amount],
    );
    await query(
      "insert into payments (user_id, plan, provider, provider_payment_id, amount_minor, currency, status, refunded_minor) values ($1, $2, 'stripe', $3, $4, 'USD', $5, $6) on conflict do nothing",
      [user.id, plan, `pay_${email}`, paid, refunded ? "refunded" : "succeeded", refunded],
    );
    await query(
      "insert into subscriptions (user_id, plan, provider, provider_subscription_id, status, current_period_end, amount_minor, currency) values ($1, 'monthly', 'stripe', $2, 'active', $3, 4700, 'USD') on conflict do nothing",
      [user.id, `sub_expired_${email}`, past],
    );
  }
  for (const [name, subject, email, message] of [
    ["Carla Contato", "billing", "carla@e2e.test", "Preciso da nota fiscal."],
    ["Hugo Help", "support", "hugo@e2e.test", "The export button does nothing."],
  ]) {
    await query("insert into contact_messages (name, subject, email, message) values ($1, $2, $3, $4)", [
      name,
      subject,
      email,
      message,
    ]);
  }
}

await seedPaidAccounts();
const fakes = await startFakes({
  FAKES_BASE_PORT: String(Number(port) + 10),
  FAKE_FIRST_TOKEN_MS: process.env.E2E_FAKE_FIRST_TOKEN_MS ?? "150",
  FAKE_TOKENS_PER_SECOND: process.env.E2E_FAKE_TOKENS_PER_SECOND ?? "400",
});

const resendPort = Number(process.env.E2E_RESEND_PORT ?? Number(port) + 20);
const resend = await startFakeResend({ port: resendPort, apiKey: "re_e2e_key" });

// Payments: the five providers' fakes on E2E_PORT+30…, webhooks signed to this app.
const paymentFakes = await startPaymentFakes({
  basePort: Number(port) + 30,
  appUrl: `http://localhost:${port}`,
  priceMonthly: 4700,
  priceYearly: 9700,
});

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
  ...fakes.env,
  DEMO_MODE: "true",
  AI_RETRY_BASE_MS: "50",
  AI_TIMEOUT_MS: "5000",
  // Small enough for the hanging-model spec to see the slow notice (6 s) and then the error;
  // far above the fake's first token (E2E_FAKE_FIRST_TOKEN_MS) and a whole lesson at its speed.
  AI_FIRST_TOKEN_TIMEOUT_MS: "4000",
  AI_TOTAL_TIMEOUT_MS: "12000",
  MEDIA_TIMEOUT_MS: "2000",
  // The app's browser at the server's priority: here it shares two cores with the test runner
  // and its own browser, which a niced one would yield to (src/server/browser/lower-priority.ts).
  BROWSER_NICENESS: process.env.BROWSER_NICENESS ?? "0",
  FREE_COURSES_PER_MONTH: "50",
  // Every spec connects from this machine, so they all are one client address (no proxy is
  // trusted: X-Forwarded-For counts for nothing). The suite signs up far more than 20 accounts.
  TRUST_PROXY: "false",
  SIGNUPS_PER_ADDRESS_PER_HOUR: "100000",
  AI_RATE_LIMIT_PER_MINUTE: "200",
  OLLAMA_BASE_URL: "http://127.0.0.1:9",
  ...paymentFakes.env,
  // Public site: the contact specs send more messages than a visitor may from one address.
  CONTACT_PER_ADDRESS_PER_HOUR: "1000",
};
delete env.SMTP_URL;
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
else delete env.DATABASE_URL;

// Playwright's API requests keep idle sockets open with no timeout of their own, so a request
// sent just as Node's server drops a socket idle for its default 5 s dies with ECONNRESET. Kept
// past a test's 60 s limit, the server is never the side that closes an idle socket mid-test.
const KEEP_ALIVE_MS = "65000";
const serverArgs = [path.join(root, "scripts", "server.mjs"), "-p", port, "--keepAliveTimeout", KEEP_ALIVE_MS];
const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  env,
  stdio: "inherit",
});
function stopAll(signal) {
  server.kill(signal);
  fakes.child.kill(signal);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(signal));
server.on("exit", (code) => {
  fakes.child.kill("SIGTERM");
  Promise.all([resend.close(), paymentFakes.close()]).then(() => process.exit(code ?? 0));
});
