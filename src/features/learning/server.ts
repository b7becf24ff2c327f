import "server-only";

/**
 * The learning feature's server entry: what other features need of it on the server. Learning
 * owns `lessons`, so a course's creation and content update (courses) write them through here;
 * the quiz adds review lessons and reads progress; the print view (export, a server component)
 * lists a lesson's cited quotes.
 *
 * Only modules that import no other feature are re-exported here. Learning sits above courses,
 * generation, review and sources (the viewer, the lesson job, the chat and the notes import
 * them), while courses writes lessons through this file: re-exporting the viewer here would close
 * an import cycle (courses → learning/server → viewer → courses/server). The routes, the
 * composition root, import the viewer, the lesson streams, the chat, the notes and "Write all
 * lessons" from their own modules (decision 036).
 */
export { addReviewLessons, type MissedGroup, type ReviewLessonRef } from "./review-lessons";
export {
  arrangeCourseLessons,
  insertLessons,
  updateCourseLessons,
  updateLesson,
  type LessonChanges,
  type LessonPlacement,
} from "./lesson-store";
export { progressCounts } from "./lesson-queries";
export { lessonsCounted, lessonsSeenBy, progressOf, setLessonsDone } from "./lesson-progress";
export { forgetLearnerReading } from "./learner-state";
export { markChangesSeen } from "./lesson-progress";
export {
  authorsCopy,
  courseHasLearners,
  draftRevisionOf,
  markdownOf,
  pendingLessonChanges,
  publishLessonDrafts,
  revisionsOf,
  revisionWithPrevious,
  storeLessonText,
} from "./lesson-revisions";
export { CitationList } from "./components/citation-list";
