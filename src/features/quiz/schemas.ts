import { z } from "zod";

const courseId = z.string().max(100);

/** SPEC "Quiz request". The topics and language are read from the course; `renew` asks for fresh questions. */
export const aiExamBodySchema = z.object({
  courseId,
  mainTopic: z.string().max(1000).optional(),
  subtopicsString: z.string().max(20_000).optional(),
  lang: z.string().max(100).optional(),
  renew: z.boolean().optional(),
});

/** `answers` in the order the attempt showed; `attemptId` (from /api/aiexam) names the attempt, else the one served last. */
export const submitQuizBodySchema = z.object({
  courseId,
  answers: z.array(z.string().max(2)).max(50),
  attemptId: z.string().max(100).optional(),
});

export const courseRefBodySchema = z.object({ courseId });

/** The contract's result post: the mark is read and ignored (the server grades). */
export const updateResultBodySchema = z.object({
  courseId,
  marksString: z.union([z.string().max(20), z.number()]).optional(),
});

/** No `html` or `email`: the mail goes to the owner only, written by the server. */
export const sendCertificateBodySchema = z.object({ courseId }).strict();
