#!/usr/bin/env node
/**
 * `npm run bench:startup` — how long `npm start` takes to its first 200, after `npx next build`.
 * It runs `node scripts/start.mjs` (what `npm start` runs) on a port of its own and asks
 * `GET /api/health` every 25 ms from the moment it spawns the process until one answers 200:
 *
 *   fresh      a new, empty DATA_DIR each time (PGlite's cluster, the migrations, the first seeds;
 *              from the install's template cluster once one exists: the first fresh run on an
 *              install writes it, node_modules/.cache/aula, decision 024)
 *   existing   the DATA_DIR of the first fresh run, started again (nothing left to migrate or seed)
 *
 * RUNS (3) of each, median printed, with the boot's own step times from the server's log
 * ("Aula is ready": settings, database, migrate, product steps, AI) and the time to the first 200
 * of `node -e ""` + a bare `http.createServer` as the floor of the machine (Node's own start).
 * Goals (issue 25 item 5): fresh ≤ 5 s, existing ≤ 2 s.
 *
 *   node scripts/bench-startup.mjs [--db pglite|postgres] [--check]
 *
 * PostgreSQL uses BENCH_DATABASE_URL (a fresh database per fresh run, dropped after), else a
 * throwaway cluster from .ci/pg-cluster.sh. BENCH_PORT (3950), BENCH_RUNS (3).
 * It stops when start.mjs would build first (sources newer than .next/BUILD_ID): build, then run it.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const { values: options } = parseArgs({
  options: { db: { type: "string", default: "pglite" }, check: { type: "boolean", default: false } },
});
if (!["pglite", "postgres"].includes(options.db)) {
  console.error(`--db must be pglite or postgres, not ${options.db}`);
  process.exit(2);
}
const PORT = Number(process.env.BENCH_PORT ?? 3950);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOALS_MS = { fresh: 5000, existing: 2000 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const cleanups = [];
async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch {
      // already gone
    }
  }
}
process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));

async function firstOk(url, child, deadlineMs = 120_000) {
  const t0 = performance.now();
  let exited = null;
  child.once("exit", (code) => (exited = code));
  while (performance.now() - t0 < deadlineMs) {
    if (exited !== null) throw new Error(`the server exited (${exited}) before answering`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error("no 200 within two minutes");
}

/** Spawns `command`, waits for the first 200 of /api/health, stops it; ms from spawn, and the boot's steps. */
async function timeToFirst200(args, env) {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PORT: String(PORT), ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let steps = null;
  let building = false;
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (line.includes("Building Aula")) building = true;
    try {
      const entry = JSON.parse(line);
      if (entry.msg === "Aula is ready") steps = entry.bootMs ?? null;
    } catch {
      // a plain line
    }
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    await firstOk(`http://127.0.0.1:${PORT}/api/health`, child);
    if (building) throw new Error("start.mjs built first: run `npx next build`, then the benchmark");
    const ms = performance.now() - t0;
    // The log line may come a moment after the first answer when steps run after listening.
    for (let i = 0; i < 40 && !steps; i++) await sleep(50);
    return { ms, steps };
  } finally {
    child.kill("SIGTERM");
    await Promise.race([exited, sleep(10_000)]);
  }
}

/** The machine's floor: a bare Node HTTP server answering 200, spawned and asked the same way. */
function floorRun() {
  const code = `require("node:http").createServer((q, s) => s.end("ok")).listen(${PORT}, "127.0.0.1")`;
  return timeToFirst200(["-e", code], {});
}

function startCluster() {
  const out = execFileSync("bash", [path.join(root, ".ci", "pg-cluster.sh"), "start"], { encoding: "utf8" });
  const dir = out.match(/PG_CLUSTER_DIR=(\S+)/)?.[1];
  const url = out.match(/PG_CLUSTER_URL=(\S+)/)?.[1];
  if (!dir || !url) throw new Error(`could not start PostgreSQL: ${out}`);
  cleanups.push(() =>
    execFileSync("bash", [path.join(root, ".ci", "pg-cluster.sh"), "stop", dir], { stdio: "ignore" }),
  );
  return url;
}

async function freshDatabase(serverUrl) {
  const { default: postgres } = await import("postgres");
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `aula_bench_start_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const appEnv = (dataDir, databaseUrl) => ({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  APP_URL: `http://localhost:${PORT}`,
  LOG_LEVEL: "info",
  // As a first `npm start` without settings: no model set, so the boot probes a local Ollama.
  AI_PROVIDER: "",
  AI_MODEL: "",
});

const fmtSteps = (steps) =>
  steps
    ? Object.entries(steps)
        .map(([k, v]) => `${k} ${Math.round(v)}`)
        .join(", ")
    : "—";

try {
  const serverUrl = options.db === "postgres" ? process.env.BENCH_DATABASE_URL || startCluster() : null;
  const floors = [];
  for (let i = 0; i < RUNS; i++) floors.push((await floorRun()).ms);
  const results = { fresh: [], existing: [] };
  let keptDir = null;
  let keptUrl = "";
  for (let i = 0; i < RUNS; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "aula-bench-start-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const url = serverUrl ? await freshDatabase(serverUrl) : "";
    results.fresh.push(await timeToFirst200([path.join(root, "scripts", "start.mjs")], appEnv(dataDir, url)));
    if (!keptDir) [keptDir, keptUrl] = [dataDir, url];
  }
  for (let i = 0; i < RUNS; i++) {
    results.existing.push(await timeToFirst200([path.join(root, "scripts", "start.mjs")], appEnv(keptDir, keptUrl)));
  }
  console.log(`bench:startup — npm start to the first 200 of /api/health, ${options.db}, ${RUNS} runs each (ms)`);
  console.log(
    `  floor (bare node http)  median ${Math.round(median(floors))}   runs ${floors.map(Math.round).join(" / ")}`,
  );
  let ok = true;
  for (const kind of ["fresh", "existing"]) {
    const times = results[kind].map((r) => r.ms);
    const m = median(times);
    ok &&= m <= GOALS_MS[kind];
    console.log(
      `  ${kind.padEnd(9)} median ${Math.round(m)} (goal ≤ ${GOALS_MS[kind]}: ${m <= GOALS_MS[kind] ? "met" : "MISSED"})   runs ${times.map(Math.round).join(" / ")}`,
    );
    for (const r of results[kind]) console.log(`    boot steps: ${fmtSteps(r.steps)}`);
  }
  if (options.check && !ok) process.exitCode = 1;
} finally {
  await cleanup();
}
