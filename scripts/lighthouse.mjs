/**
 * What the Lighthouse benchmarks (`npm run bench:site`, `npm run bench:pages`) share: one run of
 * Lighthouse 12 (mobile preset, Debian Chromium headless) on a URL and the figures they print,
 * the median of several runs, and the machine's load average beside them.
 *
 * Lighthouse is not a dependency: it runs through `npx -y lighthouse@12` (LIGHTHOUSE_BIN
 * overrides) on the Chromium at CHROMIUM_PATH (/usr/bin/chromium), passed to it as CHROME_PATH.
 */
import { execFile } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { promisify } from "node:util";
import { root } from "./with-fakes.mjs";

const run = promisify(execFile);
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * One Lighthouse run on `url`, with `cookie` sent on every request when given. `categories`
 * beyond performance add their scores (`accessibility`, `seo`). Throws when the page redirected
 * elsewhere (a session not sent, a page that moved): those figures would be another page's.
 * Times are in ms, simulated (Lighthouse's mobile throttling) unless named `observed`; `tasks`
 * are the 3 longest main-thread tasks as "ms script" (the script's URL without `origin`);
 * `lcpElement` is the LCP node's label and `lcpPhases` its TTFB / load delay / load time / render
 * delay. `observed` is the unthrottled trace's first paint and load event: when the first paint
 * comes after the scripts ran, the simulation counts every script into LCP but not into FCP.
 */
export async function lighthouse(url, { cookie, categories = ["performance"] } = {}) {
  const [bin, ...pre] = process.env.LIGHTHOUSE_BIN ? [process.env.LIGHTHOUSE_BIN] : ["npx", "-y", "lighthouse@12"];
  const { stdout } = await run(
    bin,
    [
      ...pre,
      url,
      "--output=json",
      "--quiet",
      `--only-categories=${categories.join(",")}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      ...(cookie ? [`--extra-headers=${JSON.stringify({ cookie })}`] : []),
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout);
  if (report.finalDisplayedUrl && new URL(report.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended at ${report.finalDisplayedUrl}${cookie ? ": the session was not sent" : ""}`);
  const { origin } = new URL(url);
  const audit = (id) => report.audits[id];
  const tasks = (audit("long-tasks")?.details?.items ?? [])
    .slice(0, 3)
    .map((t) => `${Math.round(t.duration)} ms ${String(t.url).replace(origin, "").slice(0, 60)}`);
  // Lighthouse 12: a list of two tables, the element, then the LCP's phases.
  const [element, phases] = audit("largest-contentful-paint-element")?.details?.items ?? [];
  const node = element?.items?.[0]?.node;
  const metrics = audit("metrics")?.details?.items?.[0];
  const scores = Object.fromEntries(categories.map((c) => [c, Math.round(report.categories[c].score * 100)]));
  return {
    ...scores,
    fcp: audit("first-contentful-paint").numericValue,
    lcp: audit("largest-contentful-paint").numericValue,
    tbt: audit("total-blocking-time").numericValue,
    lcpElement: node ? `${node.nodeLabel ?? ""} <${/^<(\w+)/.exec(node.snippet ?? "")?.[1] ?? "?"}>` : "",
    lcpPhases: Object.fromEntries((phases?.items ?? []).map((p) => [p.phase, Math.round(p.timing)])),
    observed: { fcp: metrics?.observedFirstContentfulPaint, load: metrics?.observedLoad },
    tasks,
  };
}

/** The middle value (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** "load average 1.20 0.90 0.70 on 2 cores" (or `when`): printed before and after every run's figures. */
export const loadLine = (when = `on ${cpus().length} cores`) =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} ${when}`;
