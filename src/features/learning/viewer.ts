import "server-only";
import { findLearnerCourse, progressPercent } from "@/features/courses/server";
import { courseTextAttributes, type CourseTextAttributes } from "@/lib/course-languages";
import { openLesson } from "./lesson-opening";
import { lessonContent, outlineOf, type LessonContent, type ViewerCourseRow } from "./lesson-queries";
import type { WritingProgress } from "./write-all";
import { lessonUpdateFor } from "./updated-since-read";
import { writingStatusOf } from "./writing-status";

export type ViewerData = {
  course: {
    id: string;
    mainTopic: string;
    type: ViewerCourseRow["type"];
    lang: string;
    /** `lang` and `dir` of the course's text, worked out here so the language table stays off the client. */
    text: CourseTextAttributes;
    quizPassed: boolean;
    completed: boolean;
    /** The owner writes and offers the course; an enrolled learner only studies it. */
    isOwner: boolean;
    /** The owner or a co-author (issue 35): the lesson's menu offers editing. */
    canEdit: boolean;
  };
  topics: {
    id: string;
    title: string;
    /** `review`: a lesson added after a failed quiz (decision 025), shown as "Review: …". */
    lessons: { id: string; title: string; done: boolean; generated: boolean; review: boolean }[];
  }[];
  lesson: LessonContent;
  progress: number;
  /** How far "Write all lessons" has got, and which lessons it could not write. */
  writing: WritingProgress;
};

/**
 * Everything the viewer renders on the server, by id: a course the caller studies, owned or enrolled
 * (else null → 404), its
 * outline, the lesson `?lesson=` names (else the first). Opening the viewer on the first lesson
 * marks it opened and done (SPEC "Subtopic"), since its text is served with the page; another
 * lesson is marked when the viewer opens it through the lesson stream.
 */
export async function loadViewer(
  userId: string,
  courseId: string,
  lessonId: string | undefined,
): Promise<ViewerData | null> {
  const course = await findLearnerCourse(userId, courseId);
  if (!course) return null;
  const outline = await outlineOf(course.id, userId);
  const all = outline.flatMap((t) => t.lessons);
  if (all.length === 0) return null;
  const first = all[0];
  const current = all.find((l) => l.id === lessonId) ?? first;
  if (current === first && first.generated && !first.done) {
    await openLesson(userId, course, first.id);
    first.done = true;
  }
  const [lesson, writing, updated] = await Promise.all([
    lessonContent(course.id, current.id, userId),
    writingStatusOf(outline),
    lessonUpdateFor(course, userId, current.id),
  ]);
  if (!lesson) return null;
  // Review lessons are extra reading: progress counts the course's own lessons.
  const own = all.filter((l) => !l.review);
  const doneCount = own.filter((l) => l.done).length;
  return {
    course: {
      id: course.id,
      mainTopic: course.mainTopic,
      type: course.type,
      lang: course.lang,
      text: courseTextAttributes(course.lang),
      quizPassed: course.quizPassed,
      completed: course.completed,
      isOwner: course.isOwner,
      canEdit: course.isOwner || course.isEditor,
    },
    topics: outline.map((t) => ({
      id: t.id,
      title: t.title,
      lessons: t.lessons.map((l) => ({
        id: l.id,
        title: l.title,
        done: l.done,
        generated: l.generated,
        review: l.review,
      })),
    })),
    lesson: { ...lesson, done: current.done, updated },
    progress: progressPercent({ lessonCount: own.length, doneCount, quizPassed: course.quizPassed }),
    writing,
  };
}
