import "server-only";
import { and, asc, desc, eq, gt, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { rowsOf } from "@/server/db/raw-rows";
import { classAssignments, courses, lessonProgress, lessonRevisions, lessons, topics } from "@/server/db/schema";
import { htmlToMarkdown } from "@/server/html/html-to-markdown";

/**
 * Every text a lesson is given is kept as a revision (issue 35): the model's, each author's save
 * and each restore; `lesson_revisions` holds them all, `version` is the newest one's number. The
 * lesson row holds the published one (`theory`, `markdown`, media; `published_revision`), the text
 * learners read. For a course with learners besides its authors, an author's revision is a draft
 * until the course is published (decision 043); otherwise, and for the model's text, the row is the
 * newest. This is the one place that writes a lesson's text.
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

/**
 * A condition on the course with id `courseId`: learners other than its authors may read it
 * (decision 043): it is unlisted or public, someone enrolled, or a class was assigned it. Its
 * authors' saves then wait in a draft until one of them publishes.
 */
export const courseHasLearners = (courseId: SQLWrapper): SQL =>
  sql`exists (select 1 from ${courses} c where c.id = ${courseId} and (c.visibility <> 'private'
    or c.learner_count > 0 or exists (select 1 from ${classAssignments} a where a.course_id = c.id)))`;

export type StoredText = { version: number } | { conflict: { version: number; markdown: string } };

/** A join to `lesson_revisions`: the lesson's draft, the newest revision when it is not published yet. */
export const draftRevisionOf = and(
  eq(lessonRevisions.lessonId, lessons.id),
  eq(lessonRevisions.revision, lessons.version),
  gt(lessons.version, lessons.publishedRevision),
)!;

/**
 * A condition, with `draftRevisionOf` joined: the draft's text or media differ from the published
 * ones. A draft that came back to the published text (a restore) has nothing to publish.
 */
const draftDiffers = sql`(${lessons.theory}, ${lessons.imageUrl}, ${lessons.imageCaption}, ${lessons.youtubeId})
  is distinct from (${lessonRevisions.html}, ${lessonRevisions.imageUrl}, ${lessonRevisions.imageCaption}, ${lessonRevisions.youtubeId})`;

/** Read the draft's column when there is a draft (`draftRevisionOf` joined), else the row's. */
const draftOr = <T>(draft: unknown, published: unknown) =>
  sql<T>`case when ${lessonRevisions.lessonId} is null then ${published} else ${draft} end`;

/** The lesson's text and media as its authors see and edit them: the draft's, else the published row's. */
export const authorsCopy = {
  theory: draftOr<string>(lessonRevisions.html, lessons.theory),
  markdown: draftOr<string | null>(lessonRevisions.markdown, lessons.markdown),
  imageUrl: draftOr<string | null>(lessonRevisions.imageUrl, lessons.imageUrl),
  imageAttribution: draftOr<string | null>(lessonRevisions.imageAttribution, lessons.imageAttribution),
  imageCaption: draftOr<string | null>(lessonRevisions.imageCaption, lessons.imageCaption),
  youtubeId: draftOr<string | null>(lessonRevisions.youtubeId, lessons.youtubeId),
};

/**
 * Stores the lesson's next text as revision `version + 1`. With `expectedVersion`, a lesson whose
 * version moved on (another author saved meanwhile) is left as it is and its current text (the
 * draft's, if there is one) is answered as a conflict. A lesson stored before authoring keeps its
 * old text as revision 0 first, so the first edit can be undone. An author's revision of a course
 * with other learners is a draft: the row, which its learners read, stays as published. `extra`
 * is written with the text (a generated lesson's media and citations); media not in it are the
 * current ones. Undefined: no such lesson.
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
      .select({
        version: lessons.version,
        ...authorsCopy,
        drafted: sql<boolean>`${courseHasLearners(lessons.courseId)}`,
      })
      .from(lessons)
      .leftJoin(lessonRevisions, draftRevisionOf)
      .where(eq(lessons.id, lessonId))
      .for("update", { of: lessons });
    if (!current) return undefined;
    const { version: currentVersion, drafted, theory, markdown, ...currentMedia } = current;
    if (expectedVersion !== null && expectedVersion !== currentVersion)
      return { conflict: { version: currentVersion, markdown: markdownOf({ theory, markdown }) } };
    if (currentVersion === 0 && theory) await keepOriginal(tx, lessonId, { theory, markdown, ...currentMedia });
    const version = currentVersion + 1;
    const now = new Date();
    const { citations, generatedAt, draft, ...newMedia } = extra;
    // A medium `extra` leaves out (or leaves undefined) stays as it is.
    const given = Object.fromEntries(Object.entries(newMedia).filter(([, value]) => value !== undefined));
    const media: LessonMedia = { ...currentMedia, ...given };
    const asDraft = drafted && text.kind !== "generated";
    await tx
      .update(lessons)
      .set(
        asDraft
          ? { version }
          : {
              ...(citations && { citations }),
              ...(generatedAt && { generatedAt }),
              ...(draft === null && { draft }),
              ...media,
              theory: text.html,
              markdown: text.markdown,
              version,
              publishedRevision: version,
              updatedAt: now,
            },
      )
      .where(eq(lessons.id, lessonId));
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

/**
 * Publishes the course's lesson drafts (decision 043), in the publisher's transaction: each
 * lesson in the outline whose draft differs from its published text or media takes them, for its
 * learners to read (what the publish page lists; a removed lesson's draft waits for its restore).
 * Answers how many lessons changed.
 */
export async function publishLessonDrafts(tx: Db, courseId: string): Promise<number> {
  const result = await tx.execute(sql`
    update ${lessons} set theory = ${lessonRevisions.html}, markdown = ${lessonRevisions.markdown},
      image_url = ${lessonRevisions.imageUrl}, image_attribution = ${lessonRevisions.imageAttribution},
      image_caption = ${lessonRevisions.imageCaption}, youtube_id = ${lessonRevisions.youtubeId},
      published_revision = ${lessonRevisions.revision}, updated_at = now()
    from ${lessonRevisions}
    where ${lessons.courseId} = ${courseId} and ${lessons.archivedAt} is null and ${draftRevisionOf} and ${draftDiffers}
    returning ${lessons.id}`);
  return rowsOf(result).length;
}

/** A lesson whose draft waits to be published: its published text and the draft's, and whether its media changed. */
type PendingLessonChange = {
  lessonId: string;
  title: string;
  topicTitle: string;
  published: string;
  draft: string;
  mediaChanged: boolean;
};

/** The course's lessons in its outline with a draft, in outline order (the publish page lists them). */
export async function pendingLessonChanges(courseId: string): Promise<PendingLessonChange[]> {
  const db = await getDb();
  const rows = await db
    .select({
      lessonId: lessons.id,
      title: lessons.title,
      topicTitle: topics.title,
      theory: lessons.theory,
      markdown: lessons.markdown,
      draft: lessonRevisions.markdown,
      mediaChanged: sql<boolean>`(${lessons.imageUrl}, ${lessons.imageCaption}, ${lessons.youtubeId})
        is distinct from (${lessonRevisions.imageUrl}, ${lessonRevisions.imageCaption}, ${lessonRevisions.youtubeId})`,
    })
    .from(lessons)
    .innerJoin(lessonRevisions, draftRevisionOf)
    .innerJoin(topics, eq(topics.id, lessons.topicId))
    .where(and(eq(lessons.courseId, courseId), isNull(lessons.archivedAt), isNull(lessons.learnerId), draftDiffers))
    .orderBy(asc(topics.position), asc(lessons.position));
  return rows.map(({ theory, markdown, ...row }) => ({ ...row, published: markdownOf({ theory, markdown }) }));
}

/**
 * What changed in the lesson since `learnerId` read it, when they had finished it and a newer
 * revision was published since (decision 043): the text they read and the text now. Undefined
 * when nothing changed for them. `read` is null when that revision's text is not kept.
 */
export async function changesSinceRead(
  learnerId: string,
  lessonId: string,
): Promise<{ read: string | null; now: string } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ theory: lessons.theory, markdown: lessons.markdown, read: lessonRevisions.markdown })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
    .leftJoin(
      lessonRevisions,
      and(eq(lessonRevisions.lessonId, lessons.id), eq(lessonRevisions.revision, lessonProgress.readRevision)),
    )
    .where(
      and(
        eq(lessonProgress.userId, learnerId),
        eq(lessonProgress.lessonId, lessonId),
        eq(lessonProgress.done, true),
        sql`${lessonProgress.readRevision} < ${lessons.publishedRevision}`,
      ),
    )
    .limit(1);
  return row && { read: row.read, now: markdownOf(row) };
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
