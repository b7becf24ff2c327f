import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { rowsOf } from "@/server/db/raw-rows";
import { lessonRevisions, lessons } from "@/server/db/schema";
import { htmlToMarkdown } from "@/server/html/html-to-markdown";

/**
 * Every text a lesson is given is kept as a revision (issue 35): the model's, each author's save
 * and each restore. The lesson row holds the newest (`theory`, `markdown`) and its number
 * (`version`); `lesson_revisions` holds them all. This is the one place that writes a lesson's text.
 */

type RevisionKind = (typeof lessonRevisions.$inferSelect)["kind"];

export type NewLessonText = {
  markdown: string;
  /** The sanitized HTML the Markdown renders to (src/server/html/markdown.ts). */
  html: string;
  kind: Exclude<RevisionKind, "original">;
  /** Who stored it; null for the model. */
  authorId: string | null;
  restoredFrom?: number;
};

/** What a lesson shows besides its text; each revision keeps it as it was. */
export type LessonMedia = {
  imageUrl: string | null;
  imageAttribution: string | null;
  imageCaption: string | null;
  youtubeId: string | null;
};

const MEDIA = {
  imageUrl: lessons.imageUrl,
  imageAttribution: lessons.imageAttribution,
  imageCaption: lessons.imageCaption,
  youtubeId: lessons.youtubeId,
};

export type StoredText = { version: number } | { conflict: { version: number; markdown: string } };

/**
 * Stores the lesson's next text as revision `version + 1`. With `expectedVersion`, a lesson whose
 * version moved on (another author saved meanwhile) is left as it is and its current text is
 * answered as a conflict. A lesson stored before authoring keeps its old text as revision 0 first,
 * so the first edit can be undone. `extra` is written in the same statement (a generated lesson's
 * media and citations). Undefined: no such lesson.
 */
export async function storeLessonText(
  lessonId: string,
  text: NewLessonText,
  expectedVersion: number | null,
  extra: Partial<LessonMedia> &
    Partial<Pick<typeof lessons.$inferInsert, "citations">> & {
      generatedAt?: Date;
      draft?: null;
    } = {},
): Promise<StoredText | undefined> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ version: lessons.version, theory: lessons.theory, markdown: lessons.markdown, ...MEDIA })
      .from(lessons)
      .where(eq(lessons.id, lessonId))
      .for("update");
    if (!current) return undefined;
    if (expectedVersion !== null && expectedVersion !== current.version)
      return { conflict: { version: current.version, markdown: markdownOf(current) } };
    if (current.version === 0 && current.theory) await keepOriginal(tx, lessonId, current);
    const version = current.version + 1;
    const now = new Date();
    const [media] = await tx
      .update(lessons)
      .set({ ...extra, theory: text.html, markdown: text.markdown, version, updatedAt: now })
      .where(eq(lessons.id, lessonId))
      .returning(MEDIA);
    await tx.insert(lessonRevisions).values({
      lessonId,
      revision: version,
      kind: text.kind,
      markdown: text.markdown,
      html: text.html,
      authorId: text.authorId,
      restoredFrom: text.restoredFrom ?? null,
      createdAt: now,
      ...media,
    });
    return { version };
  });
}

/** The lesson's text as its author edits it: the kept Markdown, or the one read back from its HTML. */
export function markdownOf(lesson: { theory: string; markdown: string | null }): string {
  return lesson.markdown ?? (lesson.theory ? htmlToMarkdown(lesson.theory) : "");
}

async function keepOriginal(
  tx: Db,
  lessonId: string,
  lesson: { theory: string; markdown: string | null } & LessonMedia,
) {
  const { theory, markdown: _markdown, ...media } = lesson;
  await tx
    .insert(lessonRevisions)
    .values({
      lessonId,
      revision: 0,
      kind: "original",
      markdown: markdownOf(lesson),
      html: theory,
      authorId: null,
      ...media,
    })
    .onConflictDoNothing();
}

export type RevisionSummary = {
  revision: number;
  kind: RevisionKind;
  createdAt: Date;
  authorId: string | null;
  authorName: string | null;
  restoredFrom: number | null;
};

/** A lesson's revisions, newest first, with their authors' names (null: the model, or a deleted account). */
export async function revisionsOf(lessonId: string, limit = 100): Promise<RevisionSummary[]> {
  const db = await getDb();
  const rows = await db.execute(sql`
    select r.revision, r.kind, r.created_at as "createdAt", r.author_id as "authorId", u.name as "authorName",
           r.restored_from as "restoredFrom"
    from lesson_revisions r left join users u on u.id = r.author_id
    where r.lesson_id = ${lessonId}
    order by r.revision desc
    limit ${limit}`);
  return rowsOf<RevisionSummary>(rows).map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

/** One revision's text and the text of the revision before it (for its word diff); undefined if there is none. */
export async function revisionWithPrevious(
  lessonId: string,
  revision: number,
): Promise<({ markdown: string; html: string; previous: string | null } & LessonMedia) | undefined> {
  const db = await getDb();
  const rows = await db
    .select({
      revision: lessonRevisions.revision,
      markdown: lessonRevisions.markdown,
      html: lessonRevisions.html,
      imageUrl: lessonRevisions.imageUrl,
      imageAttribution: lessonRevisions.imageAttribution,
      imageCaption: lessonRevisions.imageCaption,
      youtubeId: lessonRevisions.youtubeId,
    })
    .from(lessonRevisions)
    .where(and(eq(lessonRevisions.lessonId, lessonId), sql`${lessonRevisions.revision} <= ${revision}`))
    .orderBy(desc(lessonRevisions.revision))
    .limit(2);
  const [found, before] = rows;
  if (!found || found.revision !== revision) return undefined;
  const { revision: _revision, ...stored } = found;
  return { ...stored, previous: before?.markdown ?? null };
}
