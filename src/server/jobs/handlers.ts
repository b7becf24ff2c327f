import "server-only";
import { brandedError } from "@/lib/branded-error";
import { failureCode } from "@/server/http/errors";
import type { Job, JobError } from "./queries";

/**
 * What runs a job of one kind. Features register theirs (src/server never imports a feature):
 * at module load of the feature's job module, which both the feature's routes and the worker's
 * start (src/instrumentation.ts) import.
 */
export type JobContext = {
  job: Job;
  /**
   * Aborted when this attempt must stop: its lease was lost (taken over, cancelled, the server
   * stopping; the reason is a JobLeaseLost) or it ran past its time limit (a JobTimedOut).
   * Stop, and write nothing more.
   */
  signal: AbortSignal;
  /** Renews the lease now; false when it is lost. */
  stillOwned: () => Promise<boolean>;
  /** Renews the lease now, or throws JobLeaseLost: a handler calls it right before its final write. */
  keepLease: () => Promise<void>;
};

export type JobHandler = (context: JobContext) => Promise<void>;

export type HandlerOptions = {
  /** Attempts for a new job of this kind, unless enqueueJob says otherwise (default 3). */
  maxAttempts?: number;
  /** This kind's lease (default JOBS_LEASE_MS). */
  leaseMs?: number;
  /** The longest one attempt may run before it is stopped as JobTimedOut (default JOBS_TIMEOUT_MS); read at each run. */
  timeoutMs?: () => number;
  /** Whether a thrown error is worth another attempt (default `isTransient`); the job is there to tell apart who asked. */
  transient?: (error: unknown, job: Job) => boolean;
};

type Registered = { handler: JobHandler; options: HandlerOptions };

// On globalThis: Next bundles instrumentation.ts and the routes apart, each with its own copy
// of this module, and both must see the same handlers.
const holder = globalThis as unknown as {
  __aulaJobHandlers?: Map<string, Registered>;
  __aulaJobHandlerLoader?: { load: () => Promise<void>; loading?: Promise<void> };
};
const handlers = () => (holder.__aulaJobHandlers ??= new Map());

export function registerJobHandler(kind: string, handler: JobHandler, options: HandlerOptions = {}): void {
  handlers().set(kind, { handler, options });
}

/**
 * Installs what registers every kind's handler: the app's one list (src/app/job-handlers.ts),
 * installed by src/instrumentation.ts in every process whatever JOBS_MODE. It runs once, before
 * the first claim or run, so a request running a job inline finds every kind, whichever route
 * it came through.
 */
export function setJobHandlerLoader(load: () => Promise<void>): void {
  holder.__aulaJobHandlerLoader = { load };
}

/** Registers every handler once, when a loader was installed (tests and scripts register their own). */
export async function loadJobHandlers(): Promise<void> {
  const loader = holder.__aulaJobHandlerLoader;
  if (!loader) return;
  loader.loading ??= loader.load().catch((error: unknown) => {
    // Tried again by the next claim or run.
    loader.loading = undefined;
    throw error;
  });
  await loader.loading;
}

export function jobHandler(kind: string): Registered | undefined {
  return handlers().get(kind);
}

export function registeredKinds(): string[] {
  return [...handlers().keys()];
}

/**
 * Failures that pass: the model busy, failing or too slow (after its own retries), the
 * database unreachable. Anything else (a bug, a lesson gone, invalid output, a refusal) fails
 * the job at once.
 */
const TRANSIENT_CODES = new Set(["ai:unavailable", "ai:timeout", "db:unavailable", "rate:limited"]);

export function isTransient(error: unknown): boolean {
  if (JobTimedOut.is(error)) return true;
  const code = failureCode(error);
  if (code) return TRANSIENT_CODES.has(code);
  const status =
    (error as { statusCode?: unknown; status?: unknown } | null)?.statusCode ??
    (error as { status?: unknown } | null)?.status;
  if (typeof status === "number") return status === 429 || status >= 500;
  const name = (error as { name?: unknown } | null)?.name;
  return name === "TimeoutError";
}

/**
 * Thrown by a handler that may not start yet (a paced job over its user's AI rate limit): the job
 * goes back to the queue until `delayMs` has passed, and the attempt does not count, since
 * nothing ran. Pacing, not failing.
 */
export class JobDeferred extends brandedError("JobDeferred") {
  constructor(readonly delayMs: number) {
    super(`job deferred for ${delayMs} ms`);
  }
}

/**
 * This worker no longer holds the job: its lease ran out and another took it over, the job was
 * cancelled, or the server handed it back on its way down. Whatever the handler did since is
 * dropped; nothing of the attempt is recorded. The one error every path throws for it.
 */
export class JobLeaseLost extends brandedError("JobLeaseLost") {
  constructor() {
    // The text older handlers compared before this class existed.
    super("job lease lost");
  }
}

/** The attempt ran past its kind's time limit and was stopped (a hanging handler). */
export class JobTimedOut extends brandedError("JobTimedOut") {
  readonly code = "job:timed-out";
  constructor(readonly limitMs: number) {
    super(`the job ran past its limit of ${limitMs} ms`);
  }
}

/** The error as the job keeps it: the app's error code when it has one. */
export function jobError(error: unknown): JobError {
  const message = error instanceof Error ? error.message : String(error);
  const code = JobTimedOut.is(error) ? error.code : failureCode(error);
  return { code: code ?? "job:failed", message: message.slice(0, 1000) };
}

/** Exponential backoff with ±20% jitter, at most an hour: base, 2×base, 4×base… */
export function retryDelayMs(attempts: number, baseMs: number): number {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}
