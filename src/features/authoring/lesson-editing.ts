import "server-only";
import { cache } from "react";
import { z } from "zod";
import { markdownOf, revisionsOf, revisionWithPrevious, storeLessonText } from "@/features/learning/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { isUuid } from "@/lib/ids";
import { wordDiff, type DiffPart } from "@/lib/word-diff";
import { HTML_LIMITS, HtmlTooComplexError } from "@/server/html/bounds";
import { appError } from "@/server/http/errors";
import { markdownToSafeHtml } from "@/server/html/markdown";
import { findAuthoredLesson, type AuthoredLesson } from "./queries";

/**
 * Editing a lesson's text (issue 35): its author reads the Markdown, saves it version-checked,
 * sees every revision with what it changed and restores any of them. What is stored passes the
 * same renderer and sanitizer as the model's text. Learners and anyone else get 404, as for an
 * unknown lesson: an editing route never tells that a lesson exists.
 */

/** The longest lesson an author may save, in characters of Markdown (a generated one is about 8,000). */
export const MAX_LESSON_MARKDOWN = 100_000;

export const lessonSaveSchema = z
  .object({
    version: z.number().int().min(0),
    markdown: z
      .string()
      .max(MAX_LESSON_MARKDOWN)
      .refine((text) => text.trim().length > 0),
  })
  .strict();

export const lessonPreviewSchema = z.object({ markdown: z.string().max(MAX_LESSON_MARKDOWN) }).strict();

export type LessonForAuthor = { id: string; courseId: string; title: string; markdown: string; version: number };

type LessonMediaOf = Pick<AuthoredLesson, "imageUrl" | "imageAttribution" | "imageCaption" | "youtubeId">;

const mediaOf = ({ imageUrl, imageAttribution, imageCaption, youtubeId }: LessonMediaOf): LessonMediaOf => ({
  imageUrl,
  imageAttribution,
  imageCaption,
  youtubeId,
});

/** The saved lesson, or its current text when another save came first (409 `lesson:conflict`, both texts kept). */
export type LessonSave =
  { saved: true; version: number } | { saved: false; conflict: { version: number; markdown: string; message: string } };

export async function requireAuthoredLesson(
  userId: string,
  lessonId: unknown,
  t: ApiTranslator,
): Promise<AuthoredLesson> {
  const lesson = isUuid(lessonId) ? await findAuthoredLesson(userId, lessonId) : undefined;
  if (!lesson) throw appError("course:not-found", t);
  return lesson;
}

export async function lessonForAuthor(
  userId: string,
  lessonId: unknown,
  t: ApiTranslator,
): Promise<LessonForAuthor & { media: LessonMediaOf }> {
  const lesson = await requireAuthoredLesson(userId, lessonId, t);
  return {
    id: lesson.id,
    courseId: lesson.courseId,
    title: lesson.title,
    markdown: markdownOf(lesson),
    version: lesson.version,
    media: mediaOf(lesson),
  };
}

/**
 * The editor page's lesson (read once per render: its metadata and its page both ask): undefined (a 404 page) unless the user may edit it and it belongs to
 * the course the address names. A lesson not written yet has nothing to edit.
 */
export const lessonForEditorPage = cache(async function lessonForEditorPage(
  userId: string,
  courseId: string,
  lessonId: string,
): Promise<
  | {
      lesson: LessonForAuthor;
      html: string;
      courseTitle: string;
      courseLang: string;
      courseType: AuthoredLesson["courseType"];
      media: LessonMediaOf;
    }
  | undefined
> {
  const found = isUuid(lessonId) ? await findAuthoredLesson(userId, lessonId) : undefined;
  if (!found || found.courseId !== courseId || !found.theory) return undefined;
  return {
    courseType: found.courseType,
    media: mediaOf(found),
    lesson: {
      id: found.id,
      courseId: found.courseId,
      title: found.title,
      markdown: markdownOf(found),
      version: found.version,
    },
    html: found.theory,
    courseTitle: found.courseTitle,
    courseLang: found.courseLang,
  };
});

/** The HTML a lesson's Markdown is stored as; 413 when it passes the bounds every stored HTML has. */
export function renderLesson(markdown: string, t: ApiTranslator): string {
  try {
    return markdownToSafeHtml(markdown);
  } catch (error) {
    if (HtmlTooComplexError.is(error)) throw appError("html:too-complex", t, { values: { ...HTML_LIMITS } });
    throw error;
  }
}

export async function saveLessonText(
  userId: string,
  lessonId: unknown,
  input: z.infer<typeof lessonSaveSchema>,
  t: ApiTranslator,
): Promise<LessonSave> {
  const lesson = await requireAuthoredLesson(userId, lessonId, t);
  const html = renderLesson(input.markdown, t);
  const stored = await storeLessonText(
    lesson.id,
    { markdown: input.markdown, html, kind: "edited", authorId: userId },
    input.version,
  );
  if (!stored) throw appError("course:not-found", t);
  if ("conflict" in stored) {
    return { saved: false, conflict: { ...stored.conflict, message: appError("lesson:conflict", t).message } };
  }
  return { saved: true, version: stored.version };
}

export type RevisionListItem = {
  revision: number;
  kind: string;
  createdAt: string;
  author: { id: string; name: string } | null;
  restoredFrom: number | null;
};

export async function lessonRevisions(
  userId: string,
  lessonId: unknown,
  t: ApiTranslator,
): Promise<{ revisions: RevisionListItem[] }> {
  const lesson = await requireAuthoredLesson(userId, lessonId, t);
  const rows = await revisionsOf(lesson.id);
  return {
    revisions: rows.map((row) => ({
      revision: row.revision,
      kind: row.kind,
      createdAt: row.createdAt.toISOString(),
      author: row.authorId && row.authorName ? { id: row.authorId, name: row.authorName } : null,
      restoredFrom: row.restoredFrom,
    })),
  };
}

/** One revision's text and its word diff against the revision before it (none for the first). */
export async function lessonRevision(
  userId: string,
  lessonId: unknown,
  revision: unknown,
  t: ApiTranslator,
): Promise<{ revision: number; markdown: string; diff: DiffPart[] }> {
  const lesson = await requireAuthoredLesson(userId, lessonId, t);
  const number = revisionNumber(revision);
  const found = number === undefined ? undefined : await revisionWithPrevious(lesson.id, number);
  if (!found || number === undefined) throw appError("course:not-found", t);
  return { revision: number, markdown: found.markdown, diff: wordDiff(found.previous ?? "", found.markdown) };
}

/**
 * Brings an older revision's text back as the lesson's newest revision (so the restore itself
 * can be undone). Not version-checked: the author chose that text over whatever is there now,
 * which stays in the list.
 */
export async function restoreLessonRevision(
  userId: string,
  lessonId: unknown,
  revision: unknown,
  t: ApiTranslator,
): Promise<{ version: number }> {
  const lesson = await requireAuthoredLesson(userId, lessonId, t);
  const number = revisionNumber(revision);
  const found = number === undefined ? undefined : await revisionWithPrevious(lesson.id, number);
  if (!found || number === undefined) throw appError("course:not-found", t);
  const { imageUrl, imageAttribution, imageCaption, youtubeId } = found;
  const stored = await storeLessonText(
    lesson.id,
    { markdown: found.markdown, html: found.html, kind: "restored", authorId: userId, restoredFrom: number },
    null,
    { imageUrl, imageAttribution, imageCaption, youtubeId },
  );
  if (!stored || "conflict" in stored) throw appError("course:not-found", t);
  return { version: stored.version };
}

function revisionNumber(value: unknown): number | undefined {
  return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}
