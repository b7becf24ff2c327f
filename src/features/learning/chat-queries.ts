import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { chatMessages, lessons } from "@/server/db/schema";

export type ChatMessageRow = {
  id: string;
  sender: "user" | "bot";
  text: string;
  lessonId: string | null;
  lessonTitle: string | null;
  createdAt: Date;
};

export async function chatHistory(userId: string, courseId: string, limit = 200): Promise<ChatMessageRow[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: chatMessages.id,
      sender: chatMessages.sender,
      text: chatMessages.text,
      lessonId: chatMessages.lessonId,
      lessonTitle: lessons.title,
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
}) {
  const db = await getDb();
  const asked = new Date();
  // The answer is a millisecond later, so the two always sort question first.
  const answered = new Date(asked.getTime() + 1);
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
      sender: "bot",
      text: input.answer,
      createdAt: answered,
    },
  ]);
}
