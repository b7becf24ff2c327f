import "server-only";
import { z } from "zod";
import type { ApiTranslator } from "@/i18n/api-translator";
import { cleanTitle } from "@/lib/clean-title";
import { appError } from "@/server/http/errors";
import { readEditableOutline, saveOutline, type EditableOutline } from "./outline-queries";
import { requireAuthoredCourse } from "./editors";

/**
 * An author edits the course's outline (issue 35): topics and lessons added, renamed, moved and
 * removed. Titles are cleaned as the model's are (`cleanTitle`: plain text, single spaces, at
 * most 200 characters); a course keeps 1 to 40 topics of 1 to 40 lessons, 300 lessons in all.
 */
const OUTLINE_LIMITS = { topics: 40, lessonsPerTopic: 40, lessons: 300 } as const;

// Cleaned as the model's titles are; one that cleans to nothing is refused.
const title = z.string().max(1000).transform(cleanTitle).pipe(z.string().min(1));

const entry = { id: z.string().uuid().optional(), title };

export const outlineSaveSchema = z
  .object({
    version: z.number().int().min(0),
    topics: z
      .array(
        z
          .object({
            ...entry,
            lessons: z.array(z.object(entry).strict()).min(1).max(OUTLINE_LIMITS.lessonsPerTopic),
          })
          .strict(),
      )
      .min(1)
      .max(OUTLINE_LIMITS.topics),
  })
  .strict()
  .refine((body) => body.topics.flatMap((t) => t.lessons).length <= OUTLINE_LIMITS.lessons, {
    message: "too many lessons",
  })
  .refine(
    (body) => {
      const ids = body.topics.flatMap((t) => [t.id, ...t.lessons.map((l) => l.id)]).filter(Boolean);
      return new Set(ids).size === ids.length;
    },
    { message: "an id is used twice" },
  );

export type OutlineSaveBody = z.infer<typeof outlineSaveSchema>;

/** GET /api/courses/{id}/outline: the outline as its authors (owner, editors) edit it; anyone else gets 404. */
export async function outlineForAuthor(userId: string, courseId: unknown, t: ApiTranslator): Promise<EditableOutline> {
  const course = await requireAuthoredCourse(userId, courseId, t);
  const outline = await readEditableOutline(course.id);
  if (!outline) throw appError("course:not-found", t);
  return outline;
}

/** The outline for the editor's page, whose caller has checked that the user is the course's author. */
export const outlineForEditorPage = (courseId: string) => readEditableOutline(courseId);

/** The saved outline, or the stored one when another save came first (409 `course:outline-conflict`). */
export type OutlineSaveOutcome =
  { saved: true; outline: EditableOutline } | { saved: false; conflict: EditableOutline & { message: string } };

/**
 * PUT /api/courses/{id}/outline: stores the author's outline. An id that is not one of the
 * course's own topics or lessons is 400 `course:outline-invalid` and stores nothing.
 */
export async function saveOutlineForAuthor(
  userId: string,
  courseId: unknown,
  body: OutlineSaveBody,
  t: ApiTranslator,
): Promise<OutlineSaveOutcome> {
  const course = await requireAuthoredCourse(userId, courseId, t);
  const outcome = await saveOutline(course.id, body.version, body.topics);
  if (outcome.saved) return outcome;
  if (outcome.reason === "not-found") throw appError("course:not-found", t);
  if (outcome.reason === "unknown-entry") throw appError("course:outline-invalid", t);
  return { saved: false, conflict: { ...outcome.current, message: appError("course:outline-conflict", t).message } };
}
