import "server-only";
import { aroundChanges, wordDiff, type DiffPart } from "@/lib/word-diff";
import { changesSinceRead } from "./lesson-revisions";

/**
 * "Updated since you read it" (decision 043): a learner who had finished a lesson whose authors
 * published a new text since sees what changed, and keeps their progress. The course's authors
 * are told nothing: they made the change. `changes` is null when the text they read is not kept.
 */
export type LessonUpdate = { changes: DiffPart[] | null };

export async function lessonUpdateFor(
  course: { isOwner: boolean; isEditor: boolean },
  learnerId: string,
  lessonId: string,
): Promise<LessonUpdate | undefined> {
  if (course.isOwner || course.isEditor) return undefined;
  const found = await changesSinceRead(learnerId, lessonId);
  if (!found) return undefined;
  return { changes: found.read === null ? null : aroundChanges(wordDiff(found.read, found.now)) };
}
