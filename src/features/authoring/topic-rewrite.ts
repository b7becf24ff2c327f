import "server-only";
import { cache } from "react";
import { markdownOf } from "@/features/learning/server";
import { isUuid } from "@/lib/ids";
import { findAuthoredTopic } from "./queries";

/**
 * Rewriting a topic with an instruction (issue 35, item 3): each of its written lessons goes to
 * the model in turn through the lesson rewrite (POST /api/lessons/{id}/rewrite, one call each on
 * the author's AI limit), and the author saves or discards each draft. The page needs the
 * lessons' text as their authors see it and the version each save must name.
 */
export type TopicForRewrite = {
  courseId: string;
  courseTitle: string;
  courseLang: string;
  topicTitle: string;
  lessons: { id: string; title: string; markdown: string; version: number }[];
};

/** The topic page's data (read once per render: its metadata and its page both ask); undefined: a 404. */
export const topicForRewritePage = cache(async function topicForRewritePage(
  userId: string,
  courseId: string,
  topicId: string,
): Promise<TopicForRewrite | undefined> {
  if (!isUuid(courseId) || !isUuid(topicId)) return undefined;
  const topic = await findAuthoredTopic(userId, courseId, topicId);
  if (!topic) return undefined;
  return {
    courseId,
    courseTitle: topic.courseTitle,
    courseLang: topic.courseLang,
    topicTitle: topic.title,
    lessons: topic.lessons.map((lesson) => ({
      id: lesson.id,
      title: lesson.title,
      markdown: markdownOf(lesson),
      version: lesson.version,
    })),
  };
});
