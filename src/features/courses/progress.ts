/**
 * SPEC "Course status": percent = done lessons / (all lessons + 1), rounded; the +1 is the
 * quiz, counted as done once it is passed. Shared by the cards and the viewer.
 */
export function progressPercent(input: { lessonCount: number; doneCount: number; quizPassed: boolean }): number {
  const total = input.lessonCount + 1;
  const done = Math.min(input.doneCount, input.lessonCount) + (input.quizPassed ? 1 : 0);
  return Math.round((done / total) * 100);
}
