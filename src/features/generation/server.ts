import "server-only";

/**
 * The generation feature's server entry: what other features and the routes use of it. Each
 * part lives in its own module (the form's rules, the outline, the course's creation, a lesson's
 * media); this file only names what leaves the feature. The per-minute AI limit is not here:
 * it guards every AI call, whichever feature makes it (src/server/ai/rate-limit.ts).
 */
export { coursesLeftThisMonth } from "./course-allowance";
export { outlineAsText, outlineEventStream, prepareOutline } from "./outline-generation";
export { createCourseFromOutline } from "./course-creation";
export { lessonImageForOwner, lessonTranscriptForOwner, lessonVideoForOwner } from "./lesson-media";

// What learning needs of the engine: the lesson writer and the Course Assistant.
export { answerCourseQuestion } from "./chat";
export { generateLesson } from "./engine";
// What the quiz needs: its questions, written once per course.
export { generateQuiz } from "./engine";
// What review needs: a lesson's key points as cards.
export { generateKeyPoints } from "./engine";
export type { ModelQuiz } from "./schemas";
// What authoring needs: a lesson, or a quiz question, written again as its author asks.
export { rewriteLessonText } from "./lesson-rewrite";
export { rewriteQuizQuestion } from "./engine";
