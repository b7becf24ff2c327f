import "server-only";
import { failureCode } from "@/server/http/errors";
import type { Job, JobError } from "./queries";

/**
 * What runs a job of one kind. Features register theirs (src/server never imports a feature):
 * at module load of the feature's job module, which both the feature's routes and the worker's
 * start (src/instrumentation.ts) import.
 */
export type JobContext = {
  job: Job;
  /** Aborted when the lease was lost (taken over by another worker): stop, and write nothing more. */
  signal: AbortSignal;
  /** Renews the lease now; false when it is lost. A handler calls it right before its final write. */
  stillOwned: () => Promise<boolean>;
};

export type JobHandler = (context: JobContext) => Promise<void>;

export type HandlerOptions = {
  /** Attempts for a new job of this kind, unless enqueueJob says otherwise (default 3). */
  maxAttempts?: number;
  /** This kind's lease (default JOBS_LEASE_MS). */
  leaseMs?: number;
  /** Whether a thrown error is worth another attempt (default `isTransient`); the job is there to tell apart who asked. */
  transient?: (error: unknown, job: Job) => boolean;
};

type Registered = { handler: JobHandler; options: HandlerOptions };

// On globalThis: Next bundles instrumentation.ts and the routes apart, each with its own copy
// of this module, and both must see the same handlers.
const holder = globalThis as unknown as { __aulaJobHandlers?: Map<string, Registered> };
const handlers = () => (holder.__aulaJobHandlers ??= new Map());

export function registerJobHandler(kind: string, handler: JobHandler, options: HandlerOptions = {}): void {
  handlers().set(kind, { handler, options });
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
export class JobDeferred extends Error {
  constructor(readonly delayMs: number) {
    super(`job deferred for ${delayMs} ms`);
    this.name = "JobDeferred";
  }
}

/** The error as the job keeps it: the app's error code when it has one. */
export function jobError(error: unknown): JobError {
  const message = error instanceof Error ? error.message : String(error);
  return { code: failureCode(error) ?? "job:failed", message: message.slice(0, 1000) };
}

/** Exponential backoff with ±20% jitter, at most an hour: base, 2×base, 4×base… */
export function retryDelayMs(attempts: number, baseMs: number): number {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}
