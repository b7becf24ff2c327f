/**
 * A course written straight into the database through the app's own store (no model needed),
 * for tests of what is done with a course once it exists: sharing, copying, exporting.
 */
import { and, asc, eq } from "drizzle-orm";
import { storeCourse } from "@/features/courses/server";
import { getDb } from "@/server/db/client";
import { lessons, notes, topics as topicsTable } from "@/server/db/schema";

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
  const db = await getDb();
  const done = topics
    .flatMap((t) => t.lessons)
    .filter((l) => l.done)
    .map((l) => l.title);
  for (const title of done)
    await db
      .update(lessons)
      .set({ done: true })
      .where(and(eq(lessons.courseId, course.id), eq(lessons.title, title)));
  return course;
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
