import "server-only";
import { and, asc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { courseHasLearners } from "@/features/learning/server";
import { getDb, type Db } from "@/server/db/client";
import { courseEditors, courses, users } from "@/server/db/schema";

/**
 * A filter on `courses`: `userId` may author the course, as its owner or an editor who accepted
 * (issue 35). Every authoring read and write checks it on the server.
 */
export const authoredBy = (userId: string): SQL =>
  or(
    eq(courses.userId, userId),
    sql`exists (select 1 from ${courseEditors} where ${courseEditors.courseId} = ${courses.id}
      and ${courseEditors.userId} = ${userId} and ${courseEditors.acceptedAt} is not null)`,
  )!;

/** The course with the caller's part in it when they may author it; undefined otherwise. */
export async function findAuthoredCourseRow(userId: string, courseId: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: courses.id,
      userId: courses.userId,
      mainTopic: courses.mainTopic,
      lang: courses.lang,
      isOwner: sql<boolean>`${courses.userId} = ${userId}`,
      /** Saves go to a draft its learners do not read until an author publishes (decision 043). */
      drafted: sql<boolean>`${courseHasLearners(courses.id)}`,
      publishedVersion: courses.publishedVersion,
    })
    .from(courses)
    .where(and(eq(courses.id, courseId), authoredBy(userId)))
    .limit(1);
  return row;
}

/** An editor of a course as its owner sees them: accepted or still invited. */
export type CourseEditor = { id: string; email: string; name: string | null; userId: string | null; accepted: boolean };

export async function listCourseEditors(courseId: string): Promise<CourseEditor[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: courseEditors.id,
      email: courseEditors.email,
      name: users.name,
      userId: courseEditors.userId,
      acceptedAt: courseEditors.acceptedAt,
    })
    .from(courseEditors)
    .leftJoin(users, eq(users.id, courseEditors.userId))
    .where(eq(courseEditors.courseId, courseId))
    .orderBy(asc(courseEditors.invitedAt), asc(courseEditors.email));
  return rows.map(({ acceptedAt, ...row }) => ({ ...row, accepted: acceptedAt !== null }));
}

/**
 * Invites `email` to the course, or invites again (a new link; an accepted editor stays one): the
 * invitation is bound to the account that has the address now, if one does.
 */
export async function upsertInvitation(courseId: string, email: string, tokenHash: string) {
  const db = await getDb();
  const [account] = await db
    .select({ id: users.id, locale: users.locale, name: users.name })
    .from(users)
    .where(eq(users.email, email));
  await db
    .insert(courseEditors)
    .values({ courseId, email, tokenHash, userId: account?.id ?? null })
    .onConflictDoUpdate({
      target: [courseEditors.courseId, courseEditors.email],
      set: { tokenHash, invitedAt: sql`now()`, userId: sql`coalesce(${courseEditors.userId}, excluded.user_id)` },
    });
  return account;
}

/** Removes an editor or an invitation, by the editor's account id or the invitation's id. */
export async function deleteCourseEditor(courseId: string, id: string): Promise<boolean> {
  const db = await getDb();
  const removed = await db
    .delete(courseEditors)
    .where(and(eq(courseEditors.courseId, courseId), or(eq(courseEditors.userId, id), eq(courseEditors.id, id))))
    .returning({ id: courseEditors.id });
  return removed.length > 0;
}

/**
 * Accepts an invitation for `userId`: found by its link's secret, or by its id when it is bound to
 * them. One bound to another account is not theirs to accept. Answers the course's id.
 */
export async function acceptInvitation(
  userId: string,
  by: { tokenHash: string } | { invitationId: string },
): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(courseEditors)
    .set({ userId, acceptedAt: sql`coalesce(${courseEditors.acceptedAt}, now())` })
    .where(
      and(
        "tokenHash" in by
          ? and(
              eq(courseEditors.tokenHash, by.tokenHash),
              or(isNull(courseEditors.userId), eq(courseEditors.userId, userId)),
            )
          : and(eq(courseEditors.id, by.invitationId), eq(courseEditors.userId, userId)),
        // The owner is never their own course's editor.
        sql`not exists (select 1 from ${courses} where ${courses.id} = ${courseEditors.courseId} and ${courses.userId} = ${userId})`,
      ),
    )
    .returning({ courseId: courseEditors.courseId });
  return row?.courseId;
}

/** What an invitation's page shows before it is accepted: the course and who invited. */
export async function findInvitation(tokenHash: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      courseId: courses.id,
      courseTitle: courses.mainTopic,
      ownerName: users.name,
      userId: courseEditors.userId,
      accepted: sql<boolean>`${courseEditors.acceptedAt} is not null`,
    })
    .from(courseEditors)
    .innerJoin(courses, eq(courses.id, courseEditors.courseId))
    .innerJoin(users, eq(users.id, courses.userId))
    .where(eq(courseEditors.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** The user's invitations still open, and the courses they co-author, for their dashboard. */
export async function editorshipsOf(userId: string) {
  const db = await getDb();
  return db
    .select({
      id: courseEditors.id,
      courseId: courses.id,
      courseTitle: courses.mainTopic,
      ownerName: users.name,
      accepted: sql<boolean>`${courseEditors.acceptedAt} is not null`,
    })
    .from(courseEditors)
    .innerJoin(courses, eq(courses.id, courseEditors.courseId))
    .innerJoin(users, eq(users.id, courses.userId))
    .where(eq(courseEditors.userId, userId))
    .orderBy(asc(courseEditors.invitedAt))
    .limit(50);
}

/**
 * Records that the course's drafts were published (decision 043), in the publisher's transaction:
 * its version goes up by one. Answers the new version.
 */
export async function markCoursePublished(tx: Db, courseId: string): Promise<number> {
  const [row] = await tx
    .update(courses)
    .set({ publishedVersion: sql`${courses.publishedVersion} + 1`, publishedAt: new Date() })
    .where(eq(courses.id, courseId))
    .returning({ publishedVersion: courses.publishedVersion });
  return row.publishedVersion;
}
