/**
 * Every server-rendered page of the build, requested once by each visitor given: the app's own
 * list of pages (`.next/app-path-routes-manifest.json`, written by `next build`), so a page added
 * later is requested too, and one with a dynamic segment this script has no value for fails it
 * until one is given. A page answering 5xx fails it; any other status (a redirect to sign in,
 * 403 for a learner on an admin page, 404 for an unknown token) is a page that worked.
 * scripts/standalone-smoke.mjs runs it on PostgreSQL (CI), as a learner with data, as an admin
 * and signed out: a page that works on PGlite only cannot land.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** Dynamic segments by name, and what fills them: `[[...x]]` may stay empty. */
function fill(route, values) {
  const missing = [];
  const url = route
    .split("/")
    .map((segment) => {
      const optional = /^\[\[\.\.\.(\w+)\]\]$/.exec(segment);
      if (optional) return values[optional[1]] ?? "";
      const dynamic = /^\[(?:\.\.\.)?(\w+)\]$/.exec(segment);
      if (!dynamic) return segment;
      if (values[dynamic[1]] === undefined) missing.push(segment);
      return encodeURIComponent(values[dynamic[1]] ?? "");
    })
    .filter((segment, i) => i === 0 || segment !== "")
    .join("/");
  return { url: url || "/", missing };
}

/** The page routes of a build, as their paths (`/course/[courseId]/quiz`), sorted. */
function pageRoutes(appRoot) {
  const manifest = JSON.parse(readFileSync(path.join(appRoot, ".next", "app-path-routes-manifest.json"), "utf8"));
  return [
    ...new Set(
      Object.entries(manifest)
        .filter(([entry]) => entry.endsWith("/page"))
        .map(([, route]) => route)
        // Next's own fallbacks, not pages of the app.
        .filter((route) => !route.startsWith("/_")),
    ),
  ].sort();
}

/**
 * Requests every page as each visitor: `visitors` maps a name to a function taking a path and
 * resolving with the response (redirects not followed). `values` fills dynamic segments; `extra`
 * adds addresses the routes alone do not reach (a query a page reads). Resolves with the count;
 * throws listing every page that answered 5xx, or every route without a value.
 */
export async function smokePages({ appRoot, base, visitors, values, extra = [], concurrency = 4, log = console.log }) {
  const routes = pageRoutes(appRoot);
  const urls = [];
  const unfilled = [];
  for (const route of routes) {
    const { url, missing } = fill(route, values);
    if (missing.length) unfilled.push(`${route} (${missing.join(", ")})`);
    else urls.push(url);
  }
  if (unfilled.length) {
    throw new Error(
      `page smoke: no value for these pages' segments; add one to its values:\n  ${unfilled.join("\n  ")}`,
    );
  }
  urls.push(...extra);
  const failures = [];
  let count = 0;
  let slowest = { ms: 0 };
  for (const [who, get] of Object.entries(visitors)) {
    const queue = [...urls];
    const statuses = {};
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
          const started = performance.now();
          let res;
          try {
            res = await get(url);
          } catch (error) {
            // No answer at all (the connection closed): as much a failure as a 5xx.
            failures.push(
              `${who} ${url}: no answer (${error.message}${error.cause ? `: ${error.cause.message ?? error.cause}` : ""})`,
            );
            continue;
          }
          const ms = performance.now() - started;
          const body = res.status >= 500 ? (await res.text()).slice(0, 300) : (await res.arrayBuffer(), "");
          count += 1;
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (ms > slowest.ms) slowest = { ms, who, url };
          if (res.status >= 500) failures.push(`${who} ${url}: ${res.status} ${body.replace(/\s+/g, " ")}`);
        }
      }),
    );
    log(
      `  ${who}: ${urls.length} pages, ${Object.entries(statuses)
        .map(([status, n]) => `${n}× ${status}`)
        .join(", ")}`,
    );
  }
  log(`  slowest: ${slowest.who} ${slowest.url} ${Math.round(slowest.ms)} ms (${base})`);
  if (failures.length)
    throw new Error(`page smoke: ${failures.length} page(s) answered 5xx:\n  ${failures.join("\n  ")}`);
  return count;
}
