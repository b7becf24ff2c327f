import "server-only";
import { and, asc, desc, eq, inArray, isNull, lt, ne, notInArray, or, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { chatMessages, courses, images, lessons, notes, topics } from "@/server/db/schema";

export type ViewerCourseRow = typeof courses.$inferSelect;
/**
 * The outline the viewer draws: topics and lesson titles with their state, without any theory
 * (a 32-lesson course would otherwise send every lesson's HTML with each page).
 */
export async function outlineOf(courseId: string) {
  const db = await getDb();
  const [topicRows, lessonRows] = await Promise.all([
    db
      .select({ id: topics.id, position: topics.position, title: topics.title })
      .from(topics)
      .where(eq(topics.courseId, courseId))
      .orderBy(asc(topics.position)),
    db
      .select({
        id: lessons.id,
        topicId: lessons.topicId,
        position: lessons.position,
        title: lessons.title,
        done: lessons.done,
        generated: sql<boolean>`${lessons.theory} <> ''`,
      })
      .from(lessons)
      .where(eq(lessons.courseId, courseId))
      .orderBy(asc(lessons.position)),
  ]);
  return topicRows.map((topic) => ({ ...topic, lessons: lessonRows.filter((l) => l.topicId === topic.id) }));
}

export type LessonContent = {
  id: string;
  courseId: string;
  title: string;
  theory: string;
  imageUrl: string | null;
  imageAttribution: string | null;
  youtubeId: string | null;
  done: boolean;
};

const lessonContentColumns = {
  id: lessons.id,
  courseId: lessons.courseId,
  title: lessons.title,
  theory: lessons.theory,
  imageUrl: lessons.imageUrl,
  imageAttribution: lessons.imageAttribution,
  youtubeId: lessons.youtubeId,
  done: lessons.done,
};

export async function lessonContent(courseId: string, lessonId: string): Promise<LessonContent | undefined> {
  const db = await getDb();
  const [row] = await db
    .select(lessonContentColumns)
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
    .limit(1);
  return row;
}

/** The lesson with its topic title, for the prompt. */
export async function lessonWithTopic(courseId: string, lessonId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ lesson: lessonContentColumns, topicTitle: topics.title })
    .from(lessons)
    .innerJoin(topics, eq(topics.id, lessons.topicId))
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
    .limit(1);
  return row;
}

/**
 * The server has just served the lesson's written text to its owner: it is opened (the first
 * time is kept) and done. A lesson with no text yet is left as it is: nothing was read.
 */
export async function markLessonOpened(lessonId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(lessons)
    .set({ done: true, openedAt: sql`coalesce(${lessons.openedAt}, now())`, updatedAt: new Date() })
    .where(
      and(eq(lessons.id, lessonId), ne(lessons.theory, ""), or(eq(lessons.done, false), isNull(lessons.openedAt))),
    );
}

export async function progressCounts(courseId: string): Promise<{ lessonCount: number; doneCount: number }> {
  const db = await getDb();
  const [row] = await db
    .select({
      lessonCount: sql<number>`count(*)`.mapWith(Number),
      doneCount: sql<number>`count(*) filter (where ${lessons.done})`.mapWith(Number),
    })
    .from(lessons)
    .where(eq(lessons.courseId, courseId));
  return row ?? { lessonCount: 0, doneCount: 0 };
}

/**
 * Takes the lesson's generation lease: only one app instance writes a lesson at a time. The
 * lease is free when nobody holds it or the holder stopped renewing it (a crashed instance).
 * Without `regenerate`, a lesson that already has theory is not taken.
 */
export async function claimGenerationLease(lessonId: string, leaseMs: number, regenerate: boolean): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(lessons)
    .set({ generatingUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(
      and(
        eq(lessons.id, lessonId),
        or(isNull(lessons.generatingUntil), lt(lessons.generatingUntil, sql`now()`)),
        regenerate ? undefined : eq(lessons.theory, ""),
      ),
    )
    .returning({ id: lessons.id });
  return rows.length > 0;
}

export async function renewGenerationLease(lessonId: string, leaseMs: number): Promise<void> {
  const db = await getDb();
  await db
    .update(lessons)
    .set({ generatingUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(eq(lessons.id, lessonId));
}

export async function releaseGenerationLease(lessonId: string): Promise<void> {
  const db = await getDb();
  await db.update(lessons).set({ generatingUntil: null }).where(eq(lessons.id, lessonId));
}

/** Another instance's lease on the lesson, if one is live. */
export async function leaseState(lessonId: string): Promise<{ theory: string; leased: boolean } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ theory: lessons.theory, leased: sql<boolean>`coalesce(${lessons.generatingUntil} > now(), false)` })
    .from(lessons)
    .where(eq(lessons.id, lessonId))
    .limit(1);
  return row;
}

/** Stores a finished lesson and frees its lease in one write; `done` is left as it was. */
export async function storeGeneratedLesson(
  lessonId: string,
  values: { theory: string; imageUrl: string | null; imageAttribution: string | null; youtubeId: string | null },
): Promise<void> {
  const db = await getDb();
  const now = new Date();
  await db
    .update(lessons)
    .set({ ...values, generatedAt: now, generatingUntil: null, updatedAt: now })
    .where(eq(lessons.id, lessonId));
}

// Chat

export type ChatMessageRow = {
  id: string;
  sender: "user" | "bot";
  text: string;
  lessonId: string | null;
  lessonTitle: string | null;
  createdAt: Date;
};

export async function chatHistory(userId: string, courseId: string, limit = 200): Promise<ChatMessageRow[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: chatMessages.id,
      sender: chatMessages.sender,
      text: chatMessages.text,
      lessonId: chatMessages.lessonId,
      lessonTitle: lessons.title,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .leftJoin(lessons, eq(lessons.id, chatMessages.lessonId))
    .where(and(eq(chatMessages.courseId, courseId), eq(chatMessages.userId, userId)))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.sender))
    .limit(limit);
  return rows.reverse();
}

/** A question and its answer, stored together once the answer is whole. */
export async function storeChatExchange(input: {
  userId: string;
  courseId: string;
  lessonId: string | null;
  question: string;
  answer: string;
}) {
  const db = await getDb();
  const asked = new Date();
  // The answer is a millisecond later, so the two always sort question first.
  const answered = new Date(asked.getTime() + 1);
  await db.insert(chatMessages).values([
    {
      userId: input.userId,
      courseId: input.courseId,
      lessonId: input.lessonId,
      sender: "user",
      text: input.question,
      createdAt: asked,
    },
    {
      userId: input.userId,
      courseId: input.courseId,
      lessonId: input.lessonId,
      sender: "bot",
      text: input.answer,
      createdAt: answered,
    },
  ]);
}

// Notes

export async function findNotes(
  userId: string,
  courseId: string,
): Promise<{ html: string; version: number } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ html: notes.html, version: notes.version })
    .from(notes)
    .where(and(eq(notes.userId, userId), eq(notes.courseId, courseId)))
    .limit(1);
  return row;
}

type Executor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Saves the notes. With `expectedVersion` the write happens only if the stored version is still
 * that one (or there are none yet and it is 0); the answer is the new version, or null when a
 * newer save got there first.
 */
async function writeNotes(
  db: Executor,
  userId: string,
  courseId: string,
  html: string,
  expectedVersion: number | undefined,
): Promise<number | null> {
  const now = new Date();
  if (expectedVersion === undefined) {
    const [row] = await db
      .insert(notes)
      .values({ userId, courseId, html, version: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: [notes.userId, notes.courseId],
        set: { html, version: sql`${notes.version} + 1`, updatedAt: now },
      })
      .returning({ version: notes.version });
    return row.version;
  }
  if (expectedVersion === 0) {
    const [row] = await db
      .insert(notes)
      .values({ userId, courseId, html, version: 1, updatedAt: now })
      .onConflictDoNothing()
      .returning({ version: notes.version });
    return row?.version ?? null;
  }
  const [row] = await db
    .update(notes)
    .set({ html, version: sql`${notes.version} + 1`, updatedAt: now })
    .where(and(eq(notes.userId, userId), eq(notes.courseId, courseId), eq(notes.version, expectedVersion)))
    .returning({ version: notes.version });
  return row?.version ?? null;
}

/** A picture taken out of the notes, under the id its URL in the HTML was given. */
export type NotesPicture = { id: string; sha256: string; contentType: string; bytes: Buffer };

class VersionConflict extends Error {}

/**
 * Saves the notes with their pictures in one transaction: a picture these notes already have
 * (same bytes) keeps its row, and `finish` is told its id so the HTML points at it; new ones
 * are inserted; the notes are written (version checked as in writeNotes, null on conflict, and
 * then nothing is stored); and the notes' pictures no longer referenced are deleted.
 */
export async function writeNotesWithPictures(
  userId: string,
  courseId: string,
  pictures: NotesPicture[],
  expectedVersion: number | undefined,
  finish: (storedIds: Map<string, string>) => { html: string; referencedIds: string[] },
): Promise<number | null> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const existing = pictures.length
        ? await tx
            .select({ id: images.id, sha256: images.sha256 })
            .from(images)
            .where(
              and(
                eq(images.userId, userId),
                eq(images.courseId, courseId),
                inArray(
                  images.sha256,
                  pictures.map((p) => p.sha256),
                ),
              ),
            )
        : [];
      const storedIds = new Map(existing.map((row) => [row.sha256, row.id]));
      const fresh = pictures.filter((p) => !storedIds.has(p.sha256));
      if (fresh.length) {
        await tx.insert(images).values(
          fresh.map((p) => ({
            id: p.id,
            userId,
            courseId,
            contentType: p.contentType,
            bytes: p.bytes,
            sha256: p.sha256,
          })),
        );
      }
      const { html, referencedIds } = finish(storedIds);
      const version = await writeNotes(tx, userId, courseId, html, expectedVersion);
      if (version === null) throw new VersionConflict();
      const ownedBy = and(eq(images.userId, userId), eq(images.courseId, courseId));
      await tx
        .delete(images)
        .where(referencedIds.length ? and(ownedBy, notInArray(images.id, referencedIds)) : ownedBy);
      return version;
    });
  } catch (error) {
    if (error instanceof VersionConflict) return null;
    throw error;
  }
}

/** A stored picture, only for its owner. */
export async function findImageForOwner(
  userId: string,
  imageId: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ contentType: images.contentType, bytes: images.bytes })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.userId, userId)))
    .limit(1);
  return row;
}
