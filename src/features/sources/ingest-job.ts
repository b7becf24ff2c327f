import "server-only";
import { isPaidPlan, type Plan } from "@/features/plans/client";
import { env } from "@/server/env";
import { failureCode } from "@/server/http/errors";
import { registerJobHandler, type JobContext } from "@/server/jobs";
import { guardedFetch, RefusedDestinationError, ResponseTooLargeError } from "@/server/net/guarded-fetch";
import { logger } from "@/server/logger";
import { queueEmbeddings, registerEmbedJob } from "./embed-job";
import { PAGE_CHARS } from "./extract";
import { SourceFailure, sourceFailure } from "./failure";
import { failSource, findSource, setProgress, storeChunks, uploadedBytes, type SourceRow } from "./queries";
import { readInWorker } from "./reader";
import type { ReadResult } from "./reading";

/**
 * Reading a source is a durable job (decision 020): kind `source.ingest`, subject the source's
 * id. The text is read page by page in a worker thread (reader.ts, decision 029; progress on the
 * source row), cut into chunks there, and stored here with the status `ready` in one
 * transaction that also deletes the uploaded bytes. A failure for good marks the source `failed`
 * with its error code and keeps nothing else.
 */
export const SOURCE_INGEST = "source.ingest";

/**
 * `budgetPages`: the pages the source may have, decided when it was admitted (what its plan, its
 * course or the learner's material without a course had left); its text may hold that many
 * times PAGE_CHARS characters. Jobs queued before it existed fall back to the plan's allowance.
 */
export type SourceIngestPayload = { userId: string; plan: Plan; budgetPages?: number };

async function fetchPage(source: SourceRow): Promise<{ bytes: Buffer; contentType: string }> {
  const settings = env();
  let response: Response;
  try {
    response = await guardedFetch(source.url!, {
      timeoutMs: settings.SOURCE_FETCH_TIMEOUT_MS,
      maxBytes: settings.SOURCE_MAX_BYTES,
      trustedOrigins: settings.SOURCE_TRUSTED_ORIGINS,
      headers: { accept: "text/html,application/xhtml+xml,text/plain,text/markdown,application/pdf;q=0.9" },
    });
  } catch (error) {
    if (RefusedDestinationError.is(error)) throw new SourceFailure("source:url-refused");
    if (ResponseTooLargeError.is(error)) throw new SourceFailure("source:too-large");
    throw new SourceFailure("source:unreadable", undefined, "the address did not answer");
  }
  if (!response.ok) throw new SourceFailure("source:unreadable", undefined, `the address answered ${response.status}`);
  return { bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type") ?? "" };
}

/** The most pages one source may have on this plan (a course's total is checked when it is linked). */
export function pageAllowance(plan: Plan): number {
  const settings = env();
  return isPaidPlan(plan) ? settings.PAID_SOURCE_PAGES_PER_COURSE : settings.FREE_SOURCE_PAGES;
}

async function read(source: SourceRow, budgetPages: number, context: JobContext): Promise<ReadResult> {
  const common = {
    maxInflated: env().SOURCE_MAX_INFLATED_BYTES,
    maxChars: budgetPages * PAGE_CHARS,
  };
  const options = {
    signal: context.signal,
    onProgress: (read: number, total: number) => setProgress(source.id, read, total),
  };
  if (source.kind === "url") {
    const { bytes, contentType } = await fetchPage(source);
    return readInWorker({ ...common, kind: "web", bytes, contentType, url: source.url! }, options);
  }
  const bytes = await uploadedBytes(source.id);
  if (!bytes) throw new SourceFailure("source:unreadable", undefined, "the uploaded bytes are gone");
  return readInWorker({ ...common, kind: source.kind, bytes }, options);
}

/** The code a failure is stored with, or null when it is worth another attempt (the database unreachable). */
function failureOf(error: unknown): string | null {
  const failure = sourceFailure(error);
  if (failure) return failure.code;
  if (failureCode(error) === "db:unavailable") return null;
  // Anything else is this material's fault, or a defect: said plainly to the learner, logged for us.
  logger.error({ err: error }, "reading a source failed unexpectedly");
  return "source:unreadable";
}

async function ingestJob(context: JobContext): Promise<void> {
  const { job, stillOwned } = context;
  const { plan, budgetPages } = job.payload as SourceIngestPayload;
  const source = await findSource(job.subject);
  // Removed while it waited, or finished by an earlier attempt.
  if (!source || source.status !== "processing") return;
  const allowance = Math.min(budgetPages ?? pageAllowance(plan), pageAllowance(plan));
  try {
    const { chunks, pages, title } = await read(source, allowance, context);
    if (pages > allowance) throw new SourceFailure("source:too-many-pages");
    if (!(await stillOwned())) throw new Error("job lease lost");
    await storeChunks(source.id, chunks, pages, title);
    await queueEmbeddings(source.id, source.userId);
  } catch (error) {
    // The lease is lost (the worker was stopped, or found so before the final write): this
    // attempt writes nothing more.
    if (context.signal.aborted || (error as Error).message === "job lease lost") throw error;
    const code = failureOf(error);
    if (code === null) throw error;
    await failSource(source.id, code);
  }
}

export function registerSourceJobs(): void {
  registerEmbedJob();
  registerJobHandler(SOURCE_INGEST, ingestJob, {
    maxAttempts: 3,
    transient: (error) => failureCode(error) === "db:unavailable",
  });
}
