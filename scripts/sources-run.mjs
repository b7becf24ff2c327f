/**
 * Runs tests/eval/sources-engine.ts in its own process (server code outside Next, `server-only`
 * resolved to nothing) on a throwaway database: a new PGlite folder, or a fresh database on
 * the PostgreSQL server `serverUrl` names (dropped after). Resolves with its JSON line.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function runSourcesEngine(mode, serverUrl = "") {
  const dataDir = mkdtempSync(path.join(tmpdir(), `aula-sources-${mode}-`));
  let dbEnv = { DATA_DIR: dataDir, DATABASE_URL: "" };
  let drop = async () => {};
  if (serverUrl) {
    const { default: postgres } = await import("postgres");
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const name = `aula_sources_${mode}_${Date.now()}`;
    await admin.unsafe(`create database ${name}`);
    drop = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    dbEnv = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
  }
  try {
    const child = spawn(
      process.execPath,
      [
        "--require",
        path.join(root, "tests", "integration", "children", "server-only.cjs"),
        "--import",
        "tsx",
        path.join(root, "tests", "eval", "sources-engine.ts"),
        mode,
      ],
      { cwd: root, env: { ...process.env, ...dbEnv, LOG_LEVEL: "error" }, stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    if (code !== 0) throw new Error(`sources engine (${mode}) exited ${code}`);
    return JSON.parse(out.trim().split("\n").pop());
  } finally {
    await drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}
