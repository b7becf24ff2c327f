import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { logger } from "@/server/logger";
import { DATABASE_NOT_READY, isDatabaseUnavailable } from "./unavailable";

/**
 * The start's database steps (open, migrate, the product's first rows: boot.ts) as a gate every
 * `getDb()` passes. A server that cannot reach its database when it starts keeps running: each
 * request answers 503 `db:unavailable` (a JSON error, health included) instead of Next's plain
 * 500 for a failed start, and the steps are tried again, in the background and when a request
 * comes, until they pass; no request ever reads a database those steps have not migrated.
 * Scripts and tests never open the gate, so their `getDb()` is as it was.
 */
type Gate = {
  ready: boolean;
  steps: () => Promise<void>;
  /** The attempt under way: requests and the retry timer share it. */
  running?: Promise<void>;
  /** The last attempt's error, until one passes. */
  failure?: unknown;
  failures: number;
  retry?: ReturnType<typeof setTimeout>;
};

/**
 * The steps' own queries (the super admin, the site's first rows) pass the gate they are opening.
 * Kept on globalThis like the gate: the production bundle may load this module more than once.
 */
const holder = globalThis as unknown as { __aulaDbGate?: Gate; __aulaDbGateSteps?: AsyncLocalStorage<true> };
const insideSteps = (holder.__aulaDbGateSteps ??= new AsyncLocalStorage<true>());

/** Longest a request waits for an attempt under way (migrations can take longer) before it answers 503. */
const REQUEST_WAIT_MS = 2_500;
/** Retries in the background: 0.25 s, doubling, at most every 5 s. */
const retryDelay = (failures: number) => Math.min(250 * 2 ** (failures - 1), 5_000);

/**
 * Opens the gate with the start's steps and runs them once; the promise settles with that first
 * attempt. A failure because the database cannot be used is retried; any other (a migration
 * that fails) stays the answer to every `getDb()`, as a failed start.
 */
export function gateDatabase(steps: () => Promise<void>): Promise<void> {
  clearGate();
  const gate: Gate = { ready: false, steps, failures: 0 };
  holder.__aulaDbGate = gate;
  return attempt(gate);
}

function attempt(gate: Gate): Promise<void> {
  gate.running ??= (async () => {
    clearTimeout(gate.retry);
    try {
      await insideSteps.run(true, gate.steps);
      if (gate.failures > 0) logger.warn("database reached: the start's steps are done, requests are served");
      gate.ready = true;
      gate.failure = undefined;
    } catch (error) {
      gate.failure = error;
      gate.failures += 1;
      if (isDatabaseUnavailable(error)) {
        if (gate.failures === 1) {
          logger.error({ err: error }, "database unreachable at start: requests answer 503 until it is reached");
        }
        if (holder.__aulaDbGate === gate) {
          gate.retry = setTimeout(() => void attempt(gate).catch(() => {}), retryDelay(gate.failures));
          gate.retry.unref();
        }
      }
      throw error;
    } finally {
      gate.running = undefined;
    }
  })();
  return gate.running;
}

/** A request's error while the start's steps have not passed: an outage, answered 503 (unavailable.ts). */
function notReady(cause?: unknown): Error {
  const error = new Error("the database has not been reached since the server started", { cause });
  Object.defineProperty(error, DATABASE_NOT_READY, { value: true });
  return error;
}

/**
 * Resolves once the start's steps have passed (at once, almost always). Otherwise it waits for
 * an attempt (starting one when none is under way) up to REQUEST_WAIT_MS, and throws: an outage
 * error, or the failed start's own error.
 */
export async function passDatabaseGate(): Promise<void> {
  const gate = holder.__aulaDbGate;
  if (!gate || gate.ready || insideSteps.getStore()) return;
  if (gate.failure !== undefined && !isDatabaseUnavailable(gate.failure)) throw gate.failure;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), REQUEST_WAIT_MS);
  });
  let outcome: void | "late";
  try {
    outcome = await Promise.race([attempt(gate), late]);
  } catch (error) {
    throw isDatabaseUnavailable(error) ? notReady(error) : error;
  } finally {
    clearTimeout(timer);
  }
  if (outcome === "late") throw notReady();
}

/** Closes the gate: tests that install their own database, and closeDb(). */
export function clearGate(): void {
  const gate = holder.__aulaDbGate;
  if (gate) clearTimeout(gate.retry);
  holder.__aulaDbGate = undefined;
}
