#!/usr/bin/env node
/**
 * `npm start`: builds the app when there is no build or the sources are newer than it, then
 * serves it with scripts/server.mjs (Next behind a server that tells the app the client's
 * address). Migrations and the super admin run inside the server at boot (src/instrumentation.ts).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
const buildId = path.join(root, ".next", "BUILD_ID");
const sources = ["src", "messages", "public", "drizzle", "package.json", "next.config.ts", "postcss.config.mjs"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function needsBuild() {
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

if (needsBuild()) {
  console.log("Building Aula (first start or changed sources)…");
  const result = spawnSync(process.execPath, [next, "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("./server.mjs");
