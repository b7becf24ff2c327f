/**
 * The learning feature's public entry: what the routes and other features use of it. Each part
 * lives in its own module (the viewer page, the lesson streams, the Course Assistant, the
 * notes and their pictures); this file only names what leaves the feature.
 */
import "server-only";

export { progressCounts, type LessonContent } from "./lesson-queries";
export { loadViewer, type ViewerData } from "./viewer";
export { openLessonStream, prefetchLesson, writeLessonText, type LessonStreamEvent } from "./lesson-stream";
export { registerLessonJobs } from "./lesson-job";
export { cancelWriteAll, writeAllLessons, writingProgress, type WritingProgress } from "./write-all";
export { coursesBeingWritten, writingStatus } from "./writing-status";
export { answerChat, chatHistoryFor, chatStream, type ChatEntry, type ChatStreamEvent } from "./chat";
export { notesFor, notesImageFor, saveNotes } from "./notes";
