import "server-only";
import { createHash } from "node:crypto";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { requireOwnCourse } from "@/features/courses/server";
import { isPaidPlan, type Plan } from "@/features/plans/client";
import type { ApiTranslator } from "@/i18n/api-translator";
import type { SessionUser } from "@/server/auth/session";
import { env } from "@/server/env";
import { hasControlCharacter, readBodyLimited } from "@/server/http/api";
import { AppError, appError } from "@/server/http/errors";
import { isErrorCode } from "@/server/http/error-codes";
import { hitRateLimit } from "@/server/http/rate-limit";
import { isMultipartType } from "@/server/http/request-guard";
import { enqueueJob, runJobSoon } from "@/server/jobs";
import { refusedAddressReason } from "@/server/net/address-policy";
import { materialDigest, sectionsOf } from "./digest";
import { pagesOfText } from "./extract";
import { sourceFailure, type SourceFailureCode } from "./failure";
import { pageAllowance, registerSourceJobs, SOURCE_INGEST, type SourceIngestPayload } from "./ingest-job";
import { claimedKind, titleOf, type FileKind } from "./intake";
import { inspectInWorker } from "./reader";
import {
  courseSourceRows,
  courseUsage,
  deleteOwnSource,
  digestChunks,
  findOwnSource,
  insertSource,
  linkSourcesToCourse,
  linkSourcesToOutline,
  liveSourceCount,
  outlineSourceIds,
  ownSources,
  unattachedUsage,
  type SourceKind,
  type SourceRow,
} from "./queries";
import { sourceJsonBodySchema, type SourceView } from "./schemas";
import { searchSources } from "./search";

export { registerSourceJobs, searchSources };

// Grounded writing's shared pieces (decisions 027 and 028): the numbered excerpts a prompt is
// given and the check of the citations the model wrote from them. Other features reach them here.
export {
  CITE_INSTRUCTION,
  SOURCES_ONLY_INSTRUCTION,
  courseExcerpts,
  courseHasMaterial,
  excerptPromptBlock,
  outlineExcerpts,
  type Excerpt,
} from "./excerpts";
export { checkCitations, type Citation } from "./citations";

/**
 * The outline's view of the material (decision 028): the table of contents and section summaries
 * of the owner's ready sources among `ids`, bounded (digest.ts). Undefined without material.
 */
export async function materialDigestFor(userId: string, ids: string[]): Promise<string | undefined> {
  if (ids.length === 0) return undefined;
  const [rows, chunks] = await Promise.all([ownSources(userId, ids), digestChunks(userId, ids)]);
  if (chunks.length === 0) return undefined;
  // Reading order of the sources: as the learner listed them.
  const order = new Map(ids.map((id, i) => [id, i]));
  chunks.sort((a, b) => (order.get(a.sourceId) ?? 0) - (order.get(b.sourceId) ?? 0) || a.ord - b.ord);
  return materialDigest(sectionsOf(chunks, new Map(rows.map((r) => [r.id, r.title]))));
}

registerSourceJobs();

type Caller = Pick<SessionUser, "id" | "plan">;

export function sourceNotFound(t: ApiTranslator): AppError {
  return appError("source:not-found", t);
}

/** A source as the API answers it; a failed one with its error told in the caller's language and plan. */
export function sourceView(row: SourceRow, t: ApiTranslator, plan: Plan): SourceView {
  const view: SourceView = {
    id: row.id,
    kind: row.kind,
    title: row.title,
    status: row.status,
    pages: row.pagesTotal,
    pagesRead: row.pagesRead,
    createdAt: row.createdAt.toISOString(),
  };
  if (row.status === "failed") {
    const code = row.errorCode && isErrorCode(row.errorCode) ? row.errorCode : "source:unreadable";
    view.error = { code, message: describeFailure(code, t, plan) };
  }
  return view;
}

function limitValues() {
  const s = env();
  return { megabytes: Math.floor(s.SOURCE_MAX_BYTES / 1_000_000) };
}

function describeFailure(code: string, t: ApiTranslator, plan: Plan): string {
  const values: Record<string, string | number> = {
    ...limitValues(),
    kind: "",
    pages: pageAllowance(plan),
    count: 0,
    minutes: 0,
  };
  return appError(code as Parameters<typeof appError>[0], t, { values }).message;
}

const KIND_LABEL: Record<FileKind, string> = { pdf: "PDF", docx: "DOCX", pptx: "PPTX", txt: "TXT", md: "Markdown" };

/** A refusal of the intake (a SourceFailure) as the API answers it. */
function intakeFailure(code: SourceFailureCode, kind: FileKind | undefined, t: ApiTranslator): AppError {
  return appError(code, t, { values: { kind: kind ? KIND_LABEL[kind] : "", ...limitValues() } });
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Counts one addition of material (SOURCES_UPLOADS_PER_HOUR a user an hour), before its body is
 * read: refused and failed ones count too, since each one may cost a reading worker its deadline.
 */
async function countAddition(userId: string, t: ApiTranslator): Promise<void> {
  const state = await hitRateLimit(`source-add:${userId}`, {
    limit: env().SOURCES_UPLOADS_PER_HOUR,
    windowMs: HOUR_MS,
  });
  if (!state.limited) return;
  const seconds = Math.max(1, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000));
  throw appError("source:rate-limited", t, {
    values: { minutes: Math.ceil(seconds / 60) },
    headers: { "retry-after": String(seconds) },
  });
}

/**
 * The plan's rules, checked before anything is kept: Free keeps FREE_SOURCES sources of at most
 * FREE_SOURCE_PAGES pages; paid plans PAID_SOURCES_PER_COURSE sources and
 * PAID_SOURCE_PAGES_PER_COURSE pages per course, and as much again of material in no course yet.
 * `pages` is null when only the job can count them. Answers the pages the source may have: what
 * is left of the bound it falls under, which the job reads it against.
 */
async function admitSource(
  user: Caller,
  pages: number | null,
  courseId: string | undefined,
  t: ApiTranslator,
): Promise<number> {
  const s = env();
  const paid = isPaidPlan(user.plan);
  const allowance = pageAllowance(user.plan);
  if (!paid && (await liveSourceCount(user.id)) >= s.FREE_SOURCES)
    throw appError("source:limit", t, { values: { count: s.FREE_SOURCES } });
  if (pages !== null && pages > allowance) throw appError("source:too-many-pages", t, { values: { pages: allowance } });
  if (!paid) return allowance;
  const used = courseId ? await courseUsage(courseId) : await unattachedUsage(user.id);
  if (used.sources + 1 > s.PAID_SOURCES_PER_COURSE)
    throw courseId
      ? appError("source:limit", t, { values: { count: s.PAID_SOURCES_PER_COURSE } })
      : appError("source:unattached-limit", t, { values: { count: s.PAID_SOURCES_PER_COURSE } });
  const left = s.PAID_SOURCE_PAGES_PER_COURSE - used.pages;
  if ((pages ?? 1) > left)
    throw appError("source:too-many-pages", t, { values: { pages: s.PAID_SOURCE_PAGES_PER_COURSE } });
  return Math.min(allowance, left);
}

/** Refuses, before anything is kept, a web address whose host is private, local or unresolvable. */
async function checkAddress(url: string, t: ApiTranslator): Promise<void> {
  const refused = () => appError("source:url-refused", t);
  const parsed = new URL(url);
  if (parsed.username || parsed.password) throw refused();
  // An internal site the deployer named; the job's fetch still checks every redirect.
  if (env().SOURCE_TRUSTED_ORIGINS.includes(parsed.origin)) return;
  const host = parsed.hostname.startsWith("[") ? parsed.hostname.slice(1, -1) : parsed.hostname;
  if (isIP(host)) {
    if (refusedAddressReason(host)) throw refused();
    return;
  }
  let found: { address: string }[];
  try {
    found = await lookup(host, { all: true, verbatim: true });
  } catch {
    // No such name (or no answer for it): said as such, not as "no text" (issue 33).
    throw appError("source:url-unresolved", t);
  }
  // The job's guarded fetch checks again, on the address it connects to (no rebinding).
  if (found.length === 0 || found.some((a) => refusedAddressReason(a.address))) throw refused();
}

type NewSource = {
  kind: SourceKind;
  title: string;
  bytes: Buffer;
  pages: number | null;
  url?: string;
  /** The pages admitSource left it. */
  budgetPages: number;
};

async function keepAndEnqueue(user: Caller, source: NewSource, courseId: string | undefined): Promise<string> {
  const sourceId = await insertSource(
    {
      userId: user.id,
      kind: source.kind,
      title: source.title,
      byteSize: source.bytes.length,
      sha256: createHash("sha256").update(source.bytes).digest("hex"),
      url: source.url,
      pagesTotal: source.pages,
      courseId,
    },
    source.bytes,
  );
  const payload: SourceIngestPayload = { userId: user.id, plan: user.plan, budgetPages: source.budgetPages };
  const job = await enqueueJob({ kind: SOURCE_INGEST, subject: sourceId, payload, userId: user.id });
  runJobSoon(job.id);
  return sourceId;
}

/**
 * POST /api/sources: a file (multipart, field `file`), a web address or pasted text (JSON).
 * Counted against the hourly limit first; then everything that can be refused is refused here,
 * before a row is written: size (while reading), what the bytes are (checked in a reading
 * worker), archives that inflate too far, addresses that do not resolve or are private, the plan.
 */
export async function addSource(user: Caller, request: Request, t: ApiTranslator): Promise<{ sourceId: string }> {
  const s = env();
  await countAddition(user.id, t);
  const tooLarge = () => appError("source:too-large", t, { values: limitValues() });
  const type = request.headers.get("content-type");
  // A multipart envelope adds a little to the file: allowed for, so the file's own limit is what counts.
  const raw = await readBodyLimited(request, s.SOURCE_MAX_BYTES + 64 * 1024, tooLarge);
  if (isMultipartType(type)) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { "content-type": type! } }).formData();
    } catch {
      throw appError("request:invalid", t);
    }
    const file = form.get("file");
    const courseIdField = form.get("courseId");
    if (!(file instanceof Blob) || (courseIdField !== null && typeof courseIdField !== "string"))
      throw appError("request:invalid", t);
    const courseId = courseIdField || undefined;
    if (courseId) await requireOwnCourse(user.id, courseId, t);
    if (file.size > s.SOURCE_MAX_BYTES) throw tooLarge();
    const name = (file as File).name ?? "";
    const bytes = Buffer.from(await file.arrayBuffer());
    let inspected;
    try {
      inspected = await inspectInWorker({
        kind: claimedKind(name),
        bytes,
        maxInflated: s.SOURCE_MAX_INFLATED_BYTES,
      });
    } catch (error) {
      const failure = sourceFailure(error);
      if (failure) throw intakeFailure(failure.code, failure.kind, t);
      throw error;
    }
    const budgetPages = await admitSource(user, inspected.pages, courseId, t);
    const sourceId = await keepAndEnqueue(
      user,
      { kind: inspected.kind, title: titleOf(name), bytes, pages: inspected.pages, budgetPages },
      courseId,
    );
    return { sourceId };
  }
  let value: unknown;
  try {
    value = JSON.parse(raw.toString("utf8"));
  } catch {
    throw appError("request:invalid-json", t);
  }
  const parsed = sourceJsonBodySchema.safeParse(value);
  if (!parsed.success) throw appError("request:invalid", t);
  const body = parsed.data;
  if (body.courseId) await requireOwnCourse(user.id, body.courseId, t);
  if ("url" in body) {
    await checkAddress(body.url, t);
    const budgetPages = await admitSource(user, null, body.courseId, t);
    const title = new URL(body.url).hostname;
    return {
      sourceId: await keepAndEnqueue(
        user,
        { kind: "url", title, bytes: Buffer.alloc(0), pages: null, url: body.url, budgetPages },
        body.courseId,
      ),
    };
  }
  if (hasControlCharacter(body.title)) throw appError("request:control-characters", t);
  // Pasted text keeps its line breaks; other control characters (form feeds from a PDF viewer) are spaces.
  const text = body.text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, " ");
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length > s.SOURCE_MAX_BYTES) throw tooLarge();
  const pages = pagesOfText(text.length);
  const budgetPages = await admitSource(user, pages, body.courseId, t);
  return {
    sourceId: await keepAndEnqueue(user, { kind: "text", title: body.title, bytes, pages, budgetPages }, body.courseId),
  };
}

export async function requireOwnSource(userId: string, id: string, t: ApiTranslator): Promise<SourceRow> {
  const row = await findOwnSource(userId, id);
  if (!row) throw sourceNotFound(t);
  return row;
}

/** GET /api/sources: the caller's sources, or one of their courses' (another user's course is a 404, as a missing one). */
export async function listSources(user: Caller, t: ApiTranslator, courseId?: string): Promise<SourceView[]> {
  if (courseId) await requireOwnCourse(user.id, courseId, t);
  const rows = courseId ? await courseSourceRows(user.id, courseId) : await ownSources(user.id);
  return rows.map((row) => sourceView(row, t, user.plan));
}

export async function removeSource(userId: string, id: string, t: ApiTranslator): Promise<void> {
  if (!(await deleteOwnSource(userId, id))) throw sourceNotFound(t);
}

/** GET /api/sources/{id}/search: the owner's search in one source. */
export async function searchOwnSource(userId: string, id: string, q: string, k: number, t: ApiTranslator) {
  await requireOwnSource(userId, id, t);
  const hits = await searchSources(userId, [id], q, k);
  return hits.map((hit) => ({
    page: hit.pageFrom,
    pageTo: hit.pageTo,
    headingPath: hit.headingPath,
    text: hit.text,
  }));
}

/**
 * `sourceIds` given with /api/prompt: every one the caller's and ready (else 409
 * `source:not-ready`), within the plan's per-course limits. Answers them deduplicated.
 */
export async function admitSourceIds(user: Caller, sourceIds: string[], t: ApiTranslator): Promise<string[]> {
  const ids = [...new Set(sourceIds)];
  if (ids.length === 0) return [];
  const rows = await ownSources(user.id, ids);
  if (rows.length !== ids.length || rows.some((r) => r.status !== "ready")) throw appError("source:not-ready", t);
  const s = env();
  const maxSources = isPaidPlan(user.plan) ? s.PAID_SOURCES_PER_COURSE : s.FREE_SOURCES;
  const maxPages = pageAllowance(user.plan);
  if (ids.length > maxSources) throw appError("source:limit", t, { values: { count: maxSources } });
  const pages = rows.reduce((sum, r) => sum + (r.pagesTotal ?? 0), 0);
  if (pages > maxPages) throw appError("source:too-many-pages", t, { values: { pages: maxPages } });
  return ids;
}

/** Keeps which sources an outline was asked with, for the course made from it. */
export const rememberOutlineSources = linkSourcesToOutline;

/** The course made from an outline takes the outline's sources. */
export async function carryOutlineSources(outlineId: string, courseId: string): Promise<void> {
  await linkSourcesToCourse(courseId, await outlineSourceIds(outlineId));
}
