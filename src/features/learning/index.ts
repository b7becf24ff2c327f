import "server-only";

/**
 * The learning feature's entry for the lesson writes other features need (it owns `lessons`).
 * The viewer, chat and notes are reached through service.ts.
 */
export { addReviewLessons, type MissedGroup, type ReviewLessonRef } from "./review-lessons";
export { insertLessons, updateCourseLessons, updateLesson, type LessonChanges } from "./lesson-store";
export { CitationList } from "./components/citation-list";
