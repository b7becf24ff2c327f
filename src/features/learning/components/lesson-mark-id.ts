/** The three ticks of the course outline, and the id of each one's drawing in the page (lesson-mark-drawings.tsx). */
export type LessonMarkKind = "done" | "failed" | "todo";

export const lessonMarkId = (kind: LessonMarkKind) => `outline-mark-${kind}`;
