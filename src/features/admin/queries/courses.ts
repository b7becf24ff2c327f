import "server-only";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { qualified } from "@/server/db/qualified";
import { courseLearners, courses, lessonProgress, lessons, users } from "@/server/db/schema";
import type { ListQuery } from "../schemas";
import { offsetOf, paged, searchAcross, type Page } from "./list-page";

export type AdminCourseRow = {
  id: string;
  mainTopic: string;
  type: "text_image" | "video_text";
  lang: string;
  ownerName: string;
  ownerEmail: string;
  progress: number;
  completed: boolean;
  createdAt: Date;
};

export async function listCourses(query: ListQuery): Promise<Page<AdminCourseRow>> {
  const db = await getDb();
  const where = searchAcross(query.q, [sql`${courses.mainTopic}`, sql`${users.name}`, sql`${users.email}`]);
  // SPEC 4 "Course status": done lessons (plus the passed quiz) over all lessons plus one.
  // The course's own lessons in its outline: no learner's review lesson, none an author removed.
  const lessonOf = sql`${qualified(lessons, lessons.courseId)} = ${qualified(courses, courses.id)}
    and ${qualified(lessons, lessons.learnerId)} is null and ${qualified(lessons, lessons.archivedAt)} is null`;
  // The owner's progress (decision 037: each learner has their own).
  const ownerDone = sql`(select count(*) from ${lessonProgress} join ${lessons} on ${qualified(lessons, lessons.id)} = ${qualified(lessonProgress, lessonProgress.lessonId)} where ${lessonOf} and ${qualified(lessonProgress, lessonProgress.userId)} = ${qualified(courses, courses.userId)} and ${qualified(lessonProgress, lessonProgress.done)})`;
  const progress =
    sql<number>`round(100.0 * (${ownerDone} + (case when ${courseLearners.quizPassed} then 1 else 0 end)) / ((select count(*) from ${lessons} where ${lessonOf}) + 1))`.mapWith(
      Number,
    );
  // The page's ids first: the progress counts are then counted for its rows only, not for every skipped one.
  const pageIds = db
    .select({ id: courses.id })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.userId))
    .where(where)
    .orderBy(desc(courses.createdAt), asc(courses.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const rows = db
    .select({
      id: courses.id,
      mainTopic: courses.mainTopic,
      type: courses.type,
      lang: courses.lang,
      ownerName: users.name,
      ownerEmail: users.email,
      progress,
      completed: sql<boolean>`coalesce(${courseLearners.completed}, false)`,
      createdAt: courses.createdAt,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.userId))
    // The owner's standing (decision 037).
    .leftJoin(courseLearners, and(eq(courseLearners.courseId, courses.id), eq(courseLearners.userId, courses.userId)))
    .where(inArray(courses.id, pageIds))
    .orderBy(desc(courses.createdAt), asc(courses.id));
  const total = db.select({ n: count() }).from(courses).innerJoin(users, eq(users.id, courses.userId)).where(where);
  return paged(query, rows, total);
}
