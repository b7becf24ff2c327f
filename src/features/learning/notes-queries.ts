import "server-only";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { images, notes } from "@/server/db/schema";
import { brandedError } from "@/lib/branded-error";

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

class VersionConflict extends brandedError("VersionConflict") {}

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
    if (VersionConflict.is(error)) return null;
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
