import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, LOCALES, test, uniqueEmail } from "./fixtures";
import { SignupPage } from "./pages";

/**
 * A fresh `npm start` as a newcomer runs it (issue 33): no settings at all, so APP_URL is the
 * printed http://localhost:PORT and no model is configured. The start log names APP_URL; the app
 * opened at 127.0.0.1 instead signs up; the Generate page says how to configure a model and that
 * `npm run demo` runs everything without keys. Its own server from the same build, on
 * E2E_PORT + 38 (the fakes of the suite's server use + 10 to + 34).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 38;
const root = path.resolve(__dirname, "..", "..");

const notConfigured = {
  pt: { title: "Nenhum modelo de IA configurado ainda", demo: "npm run demo" },
  en: { title: "No AI model is configured yet", demo: "npm run demo" },
} as const;

let server: ChildProcess;
let dataDir: string;
let log = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "aula-fresh-"));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    // Nothing answers here: no model is found at start, as on a machine without Ollama.
    OLLAMA_BASE_URL: "http://127.0.0.1:9",
    CHROMIUM_PATH: process.env.CHROMIUM_PATH,
  };
  server = spawn(process.execPath, [path.join(root, "scripts", "server.mjs"), "-p", String(PORT)], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://localhost:${PORT}/api/health`).catch(() => null);
        return response?.status ?? 0;
      },
      { timeout: 90_000, message: "the fresh server answers /api/health" },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test("the start log names APP_URL, the address pages must be opened at", async () => {
  await expect.poll(() => log.includes('"msg":"Aula is ready"'), { timeout: 30_000 }).toBe(true);
  const ready = log.split("\n").find((line) => line.includes('"msg":"Aula is ready"'))!;
  expect(JSON.parse(ready)).toMatchObject({ APP_URL: `http://localhost:${PORT}` });
});

for (const locale of LOCALES) {
  test(`opened at 127.0.0.1, sign-up works, and Generate says npm run demo runs everything without keys (${locale})`, async ({
    page,
  }) => {
    const base = `http://127.0.0.1:${PORT}`;
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: base }]);
    await page.goto(`${base}/signup`);
    const signup = new SignupPage(page, locale);
    await signup.expectShown();
    await signup.fillIn({ name: "Newcomer", email: uniqueEmail("fresh"), password: "a-long-password", terms: true });
    await signup.submit.click();
    await page.waitForURL(`${base}/dashboard`);
    await expect(page.getByTestId("signup-error")).toHaveCount(0);

    await page.goto(`${base}/dashboard/generate-course`);
    const t = notConfigured[locale];
    await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
    await expect(page.getByTestId("demo-hint")).toContainText(t.demo);
    await expect(page.getByTestId("demo-hint").locator("code")).toHaveText("npm run demo");
  });
}
