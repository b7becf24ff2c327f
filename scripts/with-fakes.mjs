/**
 * Shared by the e2e server, `npm run demo` and the generation benchmark: starts
 * tests/fakes/serve.ts (through tsx) and resolves with the settings that point the app at it.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

export function startFakes(extraEnv = {}) {
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const child = spawn(process.execPath, [tsx, path.join(root, "tests", "fakes", "serve.ts")], {
    cwd: root,
    env: { ...process.env, ...extraEnv },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      try {
        const message = JSON.parse(line);
        if (message.ready) resolve({ child, env: message.env, modelUrl: message.modelUrl });
      } catch {
        process.stdout.write(`${line}\n`);
      }
    });
    child.on("exit", (code) => reject(new Error(`the fakes stopped (exit ${code})`)));
  });
}
