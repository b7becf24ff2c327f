import type { LessonRemediation } from "@/server/db/schema";

/**
 * What a lesson of a course with material searches its material for (decision 027). A lesson:
 * its topic, its title and the course. A review lesson (decision 025) teaches what the learner
 * missed, so it looks for that: its topic with the missed questions and their right answers,
 * the passages the quiz drew them from, so it is written from them and cites them as the
 * course's other lessons do. The search keeps the first 500 characters.
 */
export function lessonExcerptQuery(input: {
  courseTopic: string;
  topicTitle: string;
  lessonTitle: string;
  remediation: LessonRemediation | null;
}): string {
  if (!input.remediation?.missed.length) return `${input.topicTitle} ${input.lessonTitle} ${input.courseTopic}`;
  const missed = input.remediation.missed.map((q) => `${q.right} ${q.question}`);
  return [input.topicTitle, ...missed].join(" ");
}
