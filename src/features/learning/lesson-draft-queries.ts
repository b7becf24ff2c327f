import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { lessons, type LessonCitation } from "@/server/db/schema";
import { storeLessonText } from "./lesson-revisions";

/** The text written so far by the lesson's running job, for followers in other requests or instances. */
export async function writeDraft(lessonId: string, draft: string | null): Promise<void> {
  const db = await getDb();
  await db.update(lessons).set({ draft }).where(eq(lessons.id, lessonId));
}

export async function draftOf(lessonId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ draft: lessons.draft }).from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  return row?.draft ?? null;
}

/** When the lesson's text was last stored (a regenerate job that finds it newer than itself is done already). */
export async function generatedAtOf(lessonId: string): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db
    .select({ generatedAt: lessons.generatedAt })
    .from(lessons)
    .where(eq(lessons.id, lessonId))
    .limit(1);
  return row?.generatedAt ?? null;
}

/**
 * Stores a finished lesson as its next revision (the model's, lesson-revisions.ts) and drops its
 * draft in the same write; `done` is left as it was. A lesson an author edited meanwhile is
 * written over all the same: the author asked for it to be written again, and their text stays
 * restorable among the revisions.
 */
export async function storeGeneratedLesson(
  lessonId: string,
  values: {
    markdown: string;
    theory: string;
    /** The text's kept citations (decision 027); a lesson written again without material has none. */
    citations: LessonCitation[];
    imageUrl: string | null;
    imageAttribution: string | null;
    youtubeId: string | null;
  },
): Promise<void> {
  const { markdown, theory, ...media } = values;
  await storeLessonText(lessonId, { markdown, html: theory, kind: "generated", authorId: null }, null, {
    ...media,
    draft: null,
    generatedAt: new Date(),
  });
}
