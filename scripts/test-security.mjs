#!/usr/bin/env node
/**
 * `npm run test:security`: replays what an attacker and a bad day tried against the app, as the
 * security issue listed it, and nothing else. Jest on the configured database (PGlite, or
 * TEST_DATABASE_URL), then the browser part against the production build (`npx next build` first).
 */
import { spawnSync } from "node:child_process";

const jest = [
  // nested and unclosed HTML (savenotes, update) with a health probe answering beside them
  "tests/integration/html-bounds.test.ts",
  "src/server/html/bounds.test.ts",
  // cross-origin and non-JSON writes, NUL and control characters
  "tests/integration/request-guard.test.ts",
  // authentication before the body; the malformed cookie on every signed-in route
  "tests/integration/api-route.test.ts",
  // cookie replay after sign-out, session records, other sessions
  "tests/integration/sessions.test.ts",
  // credentials needed to change credentials; e-mail confirmation
  "tests/integration/profile-api.test.ts",
  // the lockout attempt from rotating addresses
  "tests/integration/accounts-api.test.ts",
  // X-Forwarded-For rotation, with and without a trusted proxy, through real sockets
  "tests/integration/client-ip.test.ts",
  "tests/integration/peer-headers.test.ts",
  // secrets out of logs and the outbox; bounded purge
  "tests/integration/log-redaction.test.ts",
  "tests/integration/mailer.test.ts",
  "tests/integration/purge.test.ts",
  // the silent model
  "tests/integration/ai-timeouts.test.ts",
  // PostgreSQL refusing, timing out, stopped under load and started again
  "tests/integration/db-unavailable.test.ts",
  "tests/integration/db-outage.test.ts",
  // courses only from the server's own outline; one generation per lesson
  "tests/integration/courses-api.test.ts",
  "tests/integration/lesson-lease.test.ts",
  // issue 19 item 3: per-user limits on copies, exports (two at once) and certificate mails; the export deadline counts the wait
  "tests/integration/sharing-api.test.ts",
  "tests/integration/export-api.test.ts",
  "tests/integration/quiz-api.test.ts",
  "tests/integration/browser.test.ts",
  // issue 19 item 5: safe download names (RFC 6266) for every download (its route tests are in export-api.test.ts)
  "src/lib/download-name.test.ts",
  // issue 19 item 2: no server-side fetch reaches a private address (classifier, guarded fetch, media, PDF export)
  "src/server/net/address-policy.test.ts",
  "tests/integration/guarded-fetch.test.ts",
  "tests/integration/export-image-fetch.test.ts",
  // issue 19 item 1: a certificate proves completion (opened lessons, closed quiz attempts)
  "tests/integration/certificate-integrity.test.ts",
  // issue 19 item 6: offline copies end with the session (its owner and expiry)
  "tests/integration/offline-owner.test.ts",
  // issue 19 items 4 and 7: every route family 503 in an outage (db-unavailable, db-outage above, a payment check); contact mail headers; refused admin actions audited; the late Stripe renewal delivered
  "tests/integration/site-api.test.ts",
  "tests/integration/admin-api.test.ts",
  "tests/integration/payments-stripe.test.ts",
  "tests/integration/payments-flutterwave.test.ts",
];
const e2e = [
  "tests/e2e/cross-origin.spec.ts",
  "tests/e2e/client-address.spec.ts",
  "tests/e2e/profile.spec.ts",
  // issue 19 item 6: offline copies end with the session
  "tests/e2e/offline-session.spec.ts",
  // issue 19 item 7: a refused admin action on the Activity page, in pt and en
  "tests/e2e/admin.spec.ts",
];

function run(command, args, env = {}) {
  console.log(`\n==> ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("npx", ["jest", "--runTestsByPath", ...jest], { NODE_OPTIONS: "--experimental-vm-modules" });
run("npx", ["playwright", "test", ...e2e]);
