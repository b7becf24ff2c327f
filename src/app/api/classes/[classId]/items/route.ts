import { z } from "zod";
import { classItemAnalysis } from "@/features/classes/server";
import { apiRoute } from "@/server/http/api";

const itemsQuerySchema = z.object({ courseId: z.string().max(100) }).strict();

/** The item analysis of an assigned course's quiz, from the class's learners' first attempts. */
export const GET = apiRoute.user<{ classId: string }, undefined, typeof itemsQuerySchema>(
  { query: itemsQuerySchema },
  async ({ user, query, t }, { classId }) => {
    const analysis = await classItemAnalysis(user.id, classId, query.courseId, t);
    return Response.json(
      {
        learners: analysis.learners,
        questions: analysis.questions.map((q) => ({
          questionId: q.index,
          text: q.text,
          correctRate: q.correctRate,
          discrimination: q.discrimination,
          options: q.options,
          unanswered: q.unanswered,
          flags: q.flags,
        })),
      },
      { headers: { "cache-control": "private, no-store" } },
    );
  },
);
