import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { chatMessages, lessons } from "@/server/db/schema";

export type ChatMessageRow = {
  id: string;
  sender: "user" | "bot";
  text: string;
  lessonId: string | null;
  lessonTitle: string | null;
  /** An answer from the course's material: the excerpts it cites. */
  citations: ChatCitation[] | null;
  createdAt: Date;
};

export type ChatCitation = NonNullable<(typeof chatMessages.$inferSelect)["citations"]>[number];

export async function chatHistory(userId: string, courseId: string, limit = 200): Promise<ChatMessageRow[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: chatMessages.id,
      sender: chatMessages.sender,
      text: chatMessages.text,
      lessonId: chatMessages.lessonId,
      lessonTitle: lessons.title,
      citations: chatMessages.citations,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .leftJoin(lessons, eq(lessons.id, chatMessages.lessonId))
    .where(and(eq(chatMessages.courseId, courseId), eq(chatMessages.userId, userId)))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.sender))
    .limit(limit);
  return rows.reverse();
}

/** A question and its answer, stored together once the answer is whole. */
export async function storeChatExchange(input: {
  userId: string;
  courseId: string;
  lessonId: string | null;
  question: string;
  answer: string;
  /** The answer's checked citations; null for an answer not from the course's material. */
  citations?: ChatCitation[] | null;
}): Promise<{ answerId: string }> {
  const db = await getDb();
  const asked = new Date();
  // The answer is a millisecond later, so the two always sort question first.
  const answered = new Date(asked.getTime() + 1);
  // The answer's id is chosen here: the stream's `done` names it, for its citations' anchors.
  const answer = { id: randomUUID() };
  await db.insert(chatMessages).values([
    {
      userId: input.userId,
      courseId: input.courseId,
      lessonId: input.lessonId,
      sender: "user",
      text: input.question,
      createdAt: asked,
    },
    {
      userId: input.userId,
      courseId: input.courseId,
      lessonId: input.lessonId,
      id: answer.id,
      sender: "bot",
      text: input.answer,
      citations: input.citations ?? null,
      createdAt: answered,
    },
  ]);
  return { answerId: answer.id };
}
