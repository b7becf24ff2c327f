import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${PORT}`;

/** Runs the built app (`next build` first) in Debian's Chromium, as a user would. */
export default defineConfig({
  testDir: "./tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: process.env.CI ? 2 : undefined,
  // No retries: a flaky spec must fail visibly, not pass on its second try.
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    // Kept for a failed test only, without the screencast: recording every test's screenshots
    // cost about 15 % of the suite's time on two cores; the DOM snapshots show each step. Not
    // recorded in CI (CI=1), where nobody opens a trace (its log says what failed) and recording
    // every test's snapshots only in case it fails costs time on every test.
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    // The offline worker (public/sw.js) runs as users have it. It answers page loads, the app's
    // scripts and a few API calls itself, which page.route then never sees: a spec that routes
    // those blocks the worker itself (tests/e2e/theme.spec.ts).
    serviceWorkers: "allow",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(PORT) },
  },
});
