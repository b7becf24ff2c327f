import "server-only";
import { courseOutline, findLearnerCourse, type LearnerCourseRow } from "@/features/courses/server";
import { courseTextDirection } from "@/lib/course-languages";
import { citedIn, type ShownCitation } from "@/lib/citations";

type ExportLesson = {
  id: string;
  title: string;
  /** SPEC section 9: only completed lessons carry their content; the others a placeholder. */
  completed: boolean;
  done: boolean;
  theory: string;
  imageUrl: string | null;
  imageAttribution: string | null;
  youtubeId: string | null;
  /** The quotes its text cites (decision 027), without source ids: files never carry them. */
  citations: ShownCitation[];
};

export type ExportDocument = {
  course: Pick<LearnerCourseRow, "id" | "mainTopic" | "type" | "lang" | "photo" | "photoAttribution" | "quizPassed">;
  topics: { id: string; title: string; lessons: ExportLesson[] }[];
};

/**
 * The caller's course as every export shows it, with the caller's own progress; undefined for
 * another user's course or an unknown id.
 */
export async function findExportDocument(userId: string, courseId: unknown): Promise<ExportDocument | undefined> {
  const course = await findLearnerCourse(userId, courseId);
  if (!course) return undefined;
  const outline = await courseOutline(course.id, userId);
  return {
    course: {
      id: course.id,
      mainTopic: course.mainTopic,
      type: course.type,
      lang: course.lang,
      photo: course.photo,
      photoAttribution: course.photoAttribution,
      quizPassed: course.quizPassed,
    },
    topics: outline.map(({ topic, lessons }) => ({
      id: topic.id,
      title: topic.title,
      lessons: lessons.map((l) => ({
        id: l.id,
        title: l.title,
        completed: l.done && (l.theory.trim() !== "" || l.youtubeId !== null),
        done: l.done,
        theory: l.theory,
        imageUrl: l.imageUrl,
        imageAttribution: l.imageAttribution,
        youtubeId: l.youtubeId,
        citations: citedIn(l.theory, l.citations).map(({ n, sourceTitle, pageFrom, pageTo, quote }) => ({
          n,
          sourceTitle,
          pageFrom,
          pageTo,
          quote,
        })),
      })),
    })),
  };
}

/** Every picture a document shows: the only remote addresses the PDF printer may fetch. */
export function documentImageUrls(doc: ExportDocument): string[] {
  const urls = new Set<string>();
  for (const topic of doc.topics)
    for (const l of topic.lessons) if (l.completed && l.imageUrl && !l.youtubeId) urls.add(l.imageUrl);
  return [...urls];
}

export const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;

/** The print view's and the packages' `dir` (the one right-to-left list: src/lib/course-languages.ts). */
export const textDirection = courseTextDirection;
