import "server-only";
import { and, asc, eq, ne } from "drizzle-orm";
import type { Locale } from "@/i18n/config";
import { getDb } from "@/server/db/client";
import { classAssignments, classes, classMembers, courseLearners, courses, users } from "@/server/db/schema";

/**
 * What the class mails read when their job runs (not when it was queued): the assignment as it
 * is now, and who wants the class's mails. A course taken back, a member gone or a mail choice
 * turned off since is respected.
 */

export type AssignmentForMail = { className: string; courseTitle: string; ownerId: string; dueAt: Date | null };

/** The class's assignment of this course with the names a mail shows; undefined once taken back. */
export async function assignmentForMail(classId: string, courseId: string): Promise<AssignmentForMail | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      className: classes.name,
      courseTitle: courses.mainTopic,
      ownerId: courses.userId,
      dueAt: classAssignments.dueAt,
    })
    .from(classAssignments)
    .innerJoin(classes, eq(classes.id, classAssignments.classId))
    .innerJoin(courses, eq(courses.id, classAssignments.courseId))
    .where(and(eq(classAssignments.classId, classId), eq(classAssignments.courseId, courseId)));
  return row;
}

export type MailRecipient = { userId: string; email: string; name: string; locale: Locale; quizPassed: boolean };

/**
 * The class's learners who keep its mails on, with their UI language and whether they passed the
 * course's quiz (their `course_learners` standing, as the teacher's view reads it). Teachers are
 * never mailed, nor the course's own author (who studies it as its owner, not as a learner).
 */
export async function mailRecipients(classId: string, courseId: string, ownerId: string): Promise<MailRecipient[]> {
  const db = await getDb();
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      locale: users.locale,
      quizPassed: courseLearners.quizPassed,
    })
    .from(classMembers)
    .innerJoin(users, eq(users.id, classMembers.userId))
    .leftJoin(
      courseLearners,
      and(eq(courseLearners.courseId, courseId), eq(courseLearners.userId, classMembers.userId)),
    )
    .where(
      and(
        eq(classMembers.classId, classId),
        eq(classMembers.role, "learner"),
        eq(classMembers.notify, true),
        ne(classMembers.userId, ownerId),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((row) => ({ ...row, quizPassed: row.quizPassed ?? false }));
}
