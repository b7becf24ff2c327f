/**
 * A course written straight into the database through the app's own store (no model needed),
 * for tests of what is done with a course once it exists: sharing, copying, exporting.
 */
import { and, asc, eq } from "drizzle-orm";
import { storeCourse } from "@/features/courses/server";
import { getDb } from "@/server/db/client";
import { courseLearners, courses, lessonProgress, lessons, notes, topics as topicsTable } from "@/server/db/schema";

export type SeedLesson = {
  title: string;
  theory?: string;
  imageUrl?: string;
  imageAttribution?: string;
  youtubeId?: string;
  done?: boolean;
};

export async function seedCourse(
  userId: string,
  options: {
    mainTopic?: string;
    lang?: string;
    type?: "text_image" | "video_text";
    topics?: { title: string; lessons: SeedLesson[] }[];
  } = {},
) {
  const topics = options.topics ?? [
    {
      title: "Basics",
      lessons: [
        {
          title: "First lesson",
          theory: "<p>Plants turn light into sugar.</p>",
          imageUrl: "https://images.example/leaf.jpg",
          imageAttribution: "Ann Photo",
          done: true,
        },
        { title: "Second lesson" },
      ],
    },
    {
      title: "Further",
      lessons: [{ title: "Third lesson", theory: "<p>The Calvin cycle fixes carbon.</p>", done: true }],
    },
  ];
  const { course } = await storeCourse(
    {
      userId,
      mainTopic: options.mainTopic ?? "Photosynthesis",
      type: options.type ?? "text_image",
      lang: options.lang ?? "English",
      photo: "https://images.example/cover.jpg",
      photoAttribution: "Cover Author",
      idempotencyKey: null,
      topics: topics.map((t) => ({
        title: t.title,
        lessons: t.lessons.map((l) => ({ ...l, generatedAt: l.theory ? new Date() : null })),
      })),
    },
    null,
  );
  const done = new Set(
    topics
      .flatMap((t) => t.lessons)
      .filter((l) => l.done)
      .map((l) => l.title),
  );
  for (const lesson of await lessonsOf(course.id)) {
    if (done.has(lesson.title)) await setProgress(userId, lesson, { done: true, openedAt: new Date() });
  }
  return course;
}

/** One learner's reading of one lesson, as the viewer would leave it (lesson_progress, decision 037). */
export async function setProgress(
  userId: string,
  lesson: { id: string; courseId: string },
  state: { done: boolean; openedAt: Date | null },
) {
  const db = await getDb();
  await db
    .insert(lessonProgress)
    .values({ userId, lessonId: lesson.id, courseId: lesson.courseId, ...state })
    .onConflictDoUpdate({ target: [lessonProgress.userId, lessonProgress.lessonId], set: state });
}

/**
 * A course's lessons in reading order with one learner's reading of each: `done` false and
 * `openedAt` null where they have none.
 */
export async function lessonsWithProgress(courseId: string, userId: string) {
  const db = await getDb();
  const progress = await db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.courseId, courseId), eq(lessonProgress.userId, userId)));
  const byLesson = new Map(progress.map((p) => [p.lessonId, p]));
  return (await lessonsOf(courseId)).map((lesson) => ({
    ...lesson,
    done: byLesson.get(lesson.id)?.done ?? false,
    openedAt: byLesson.get(lesson.id)?.openedAt ?? null,
  }));
}

/** A course's lessons in reading order (topic by topic), as rows. */
export async function lessonsOf(courseId: string) {
  const db = await getDb();
  const rows = await db
    .select({ lesson: lessons })
    .from(lessons)
    .innerJoin(topicsTable, eq(topicsTable.id, lessons.topicId))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(topicsTable.position), asc(lessons.position));
  return rows.map((row) => row.lesson);
}

export async function writeNotes(userId: string, courseId: string, html: string) {
  const db = await getDb();
  await db.insert(notes).values({ userId, courseId, html });
}

/** One lesson's row with its course owner's reading of it (`done` false and `openedAt` null when none). */
export async function lessonWithOwnerProgress(lessonId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ lesson: lessons, done: lessonProgress.done, openedAt: lessonProgress.openedAt })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, courses.userId)))
    .where(eq(lessons.id, lessonId));
  return row && { ...row.lesson, done: row.done ?? false, openedAt: row.openedAt ?? null };
}

/** The course's row with its owner's standing in it (course_learners: the defaults when none). */
export async function courseWithOwnerStanding(courseId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ course: courses, standing: courseLearners })
    .from(courses)
    .leftJoin(courseLearners, and(eq(courseLearners.courseId, courses.id), eq(courseLearners.userId, courses.userId)))
    .where(eq(courses.id, courseId));
  return {
    ...row.course,
    quizPassed: row.standing?.quizPassed ?? false,
    bestMark: row.standing?.bestMark ?? null,
    completed: row.standing?.completed ?? false,
    endedAt: row.standing?.endedAt ?? null,
  };
}

/** Sets one learner's standing in a course, as the quiz would leave it. */
export async function setStanding(
  courseId: string,
  userId: string,
  standing: Partial<{ quizPassed: boolean; bestMark: number | null; completed: boolean; endedAt: Date | null }>,
) {
  const db = await getDb();
  await db
    .insert(courseLearners)
    .values({ courseId, userId, ...standing })
    .onConflictDoUpdate({ target: [courseLearners.courseId, courseLearners.userId], set: standing });
}
