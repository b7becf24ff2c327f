import "server-only";
import { isPaidPlan, type Plan } from "@/features/plans";
import { env } from "@/server/env";
import { failureCode } from "@/server/http/errors";
import { registerJobHandler, type JobContext } from "@/server/jobs";
import { guardedFetch, RefusedDestinationError, ResponseTooLargeError } from "@/server/net/guarded-fetch";
import { chunkPages } from "./chunk";
import {
  docxPages,
  markdownPages,
  NoTextError,
  pdfPages,
  pptxPages,
  textPages,
  webPages,
  type Page,
  type Progress,
} from "./extract";
import { utf8Text } from "./intake";
import { queueEmbeddings, registerEmbedJob } from "./embed-job";
import { failSource, findSource, setProgress, storeChunks, uploadedBytes, type SourceRow } from "./queries";
import { UnsafeArchiveError } from "./zip";

/**
 * Reading a source is a durable job (decision 020): kind `source.ingest`, subject the source's
 * id. It extracts the text page by page (progress on the source row), cuts it into chunks and
 * stores them with the status `ready` in one transaction, deleting the uploaded bytes. A failure
 * for good marks the source `failed` with its error code and keeps nothing else.
 */
export const SOURCE_INGEST = "source.ingest";

export type SourceIngestPayload = { userId: string; plan: Plan };

class SourceFailure extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = "SourceFailure";
  }
}

async function fetchPage(source: SourceRow, onProgress: Progress): Promise<{ pages: Page[]; title?: string }> {
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
    if (error instanceof RefusedDestinationError) throw new SourceFailure("source:url-refused");
    if (error instanceof ResponseTooLargeError) throw new SourceFailure("source:too-large");
    throw new SourceFailure("source:unreadable");
  }
  if (!response.ok) throw new SourceFailure("source:unreadable");
  const type = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const bytes = Buffer.from(await response.arrayBuffer());
  if (type === "application/pdf" || bytes.subarray(0, 5).toString("latin1") === "%PDF-")
    return { pages: await pdfPages(bytes, onProgress) };
  const text = utf8Text(bytes);
  if (text === null) throw new SourceFailure("source:unreadable");
  if (type === "text/plain") return { pages: textPages(text) };
  if (type === "text/markdown") return { pages: markdownPages(text) };
  const page = await webPages(text, source.url!);
  return { pages: page.pages, title: page.title };
}

async function extract(source: SourceRow, onProgress: Progress): Promise<{ pages: Page[]; title?: string }> {
  if (source.kind === "url") return fetchPage(source, onProgress);
  const bytes = await uploadedBytes(source.id);
  if (!bytes) throw new SourceFailure("source:unreadable");
  const maxInflated = env().SOURCE_MAX_INFLATED_BYTES;
  switch (source.kind) {
    case "pdf":
      return { pages: await pdfPages(bytes, onProgress) };
    case "docx":
      return { pages: await docxPages(bytes, maxInflated) };
    case "pptx":
      return { pages: pptxPages(bytes, maxInflated) };
    case "md":
      return { pages: markdownPages(bytes.toString("utf8")) };
    case "txt":
    case "text":
      return { pages: textPages(bytes.toString("utf8")) };
  }
}

/** The most pages one source may have on this plan (a course's total is checked when it is linked). */
export function pageAllowance(plan: Plan): number {
  const settings = env();
  return isPaidPlan(plan) ? settings.PAID_SOURCE_PAGES_PER_COURSE : settings.FREE_SOURCE_PAGES;
}

function failureOf(error: unknown): string | null {
  if (error instanceof SourceFailure) return error.code;
  if (error instanceof NoTextError) return "source:no-text";
  if (error instanceof UnsafeArchiveError) return "source:unsafe-archive";
  // The database unreachable is worth another attempt; anything else is this material's fault.
  if (failureCode(error) === "db:unavailable") return null;
  return "source:unreadable";
}

async function ingestJob({ job, stillOwned }: JobContext): Promise<void> {
  const { plan } = job.payload as SourceIngestPayload;
  const source = await findSource(job.subject);
  // Removed while it waited, or finished by an earlier attempt.
  if (!source || source.status !== "processing") return;
  try {
    const { pages, title } = await extract(source, (read, total) => setProgress(source.id, read, total));
    const chunks = chunkPages(pages);
    if (chunks.length === 0)
      throw source.kind === "pdf" ? new NoTextError("empty") : new SourceFailure("source:unreadable");
    if (pages.length > pageAllowance(plan)) throw new SourceFailure("source:too-many-pages");
    if (!(await stillOwned())) throw new Error("job lease lost");
    await storeChunks(source.id, chunks, pages.length, title);
    await queueEmbeddings(source.id, source.userId);
  } catch (error) {
    const code = failureOf(error);
    if (code === null || (error as Error).message === "job lease lost") throw error;
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
