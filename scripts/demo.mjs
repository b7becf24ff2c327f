#!/usr/bin/env node
/**
 * `npm run demo`: the whole product with no keys. Starts the fake model and media servers of
 * tests/fakes/ and the app wired to them through the documented settings (AI_PROVIDER=
 * openai-compatible, OPENAI_BASE_URL, MEDIA_*_BASE_URL), with DEMO_MODE=true so the UI says the
 * content is fake. Data lives in .data-demo (DEMO_DATA_DIR), apart from real data.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { startPaymentFakes } from "./payment-fakes.mjs";
import { root, startFakes } from "./with-fakes.mjs";

const fakes = await startFakes({
  FAKE_FIRST_TOKEN_MS: process.env.DEMO_FIRST_TOKEN_MS ?? "300",
  FAKE_TOKENS_PER_SECOND: process.env.DEMO_TOKENS_PER_SECOND ?? "80",
});
const port = process.env.PORT ?? "3000";
// The payment providers' fakes: a visitor can buy a plan end to end on their hosted checkout pages.
const payments = await startPaymentFakes({
  appUrl: process.env.APP_URL ?? `http://localhost:${port}`,
  priceMonthly: Number(process.env.PRICE_MONTHLY ?? 4700),
  priceYearly: Number(process.env.PRICE_YEARLY ?? 9700),
  currency: process.env.CURRENCY ?? "USD",
});
console.log(`Demo mode: fake model at ${fakes.env.OPENAI_BASE_URL}; open http://localhost:${port} and sign up.`);

const app = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    ...fakes.env,
    ...payments.env,
    PORT: port,
    APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
    DATA_DIR: process.env.DEMO_DATA_DIR ?? path.join(root, ".data-demo"),
    DATABASE_URL: "",
    DEMO_MODE: "true",
    OLLAMA_BASE_URL: "http://127.0.0.1:9",
  },
});
function stop(signal) {
  app.kill(signal);
  fakes.child.kill(signal);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
app.on("exit", (code) => {
  fakes.child.kill("SIGTERM");
  payments.close().then(() => process.exit(code ?? 0));
});
