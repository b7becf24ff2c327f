import { z } from "zod";
import { TOPIC_MAX_LENGTH, TOPIC_MIN_LENGTH } from "./topic-length";

/** The Generate form as the API receives it: types and sizes here, the SPEC's rules in the service. */
export const generateFormBodySchema = z.object({
  topic: z.string().max(1000),
  subtopics: z.array(z.string().max(1000)).max(50).default([]),
  topicsLimit: z.union([z.string().max(10), z.number().int()]).transform(String),
  courseType: z.string().max(100),
  language: z.string().max(100),
  /**
   * The learner's material the course is to be made from (their own sources, ready): kept with
   * the outline and carried to the course, for grounded generation (issue 22).
   */
  sourceIds: z.array(z.string().max(100)).max(100).default([]),
});
export type GenerateFormBody = z.infer<typeof generateFormBodySchema>;

export { TOPIC_MAX_LENGTH, TOPIC_MIN_LENGTH };
const TITLE_MAX_LENGTH = 200;
const MAX_LESSONS_PER_TOPIC = 10;

const title = z.string().trim().min(1).max(TITLE_MAX_LENGTH);

/**
 * What the model writes for an outline. The exact topic count is in the JSON schema
 * (minItems = maxItems), so servers with constrained decoding produce it directly.
 */
export function outlineModelSchema(topicCount: number) {
  return z.object({
    topics: z
      .array(
        z.object({
          title: title.describe("The topic's title"),
          subtopics: z
            .array(z.object({ title: title.describe("The lesson's title") }))
            .min(2)
            .max(6)
            .describe("The lessons of this topic, in teaching order"),
        }),
      )
      .length(topicCount)
      .describe(`Exactly ${topicCount} topics, in teaching order`),
  });
}
export type ModelOutline = z.infer<ReturnType<typeof outlineModelSchema>>;

/** An outline as the app handles it: topic titles with lesson titles. */
export type Outline = { topics: { title: string; subtopics: string[] }[] };

/** The SPEC's Course content subtopic. */
const contentSubtopicSchema = z.object({
  title,
  theory: z.string().max(500_000).default(""),
  youtube: z.string().max(100).default(""),
  image: z.string().max(200_000).default(""),
  done: z.boolean().default(false),
});

const contentTopicSchema = z.object({
  title,
  subtopics: z.array(contentSubtopicSchema).min(1).max(MAX_LESSONS_PER_TOPIC),
});

/** The SPEC's Course content: one key, the lower-cased main topic, holding the topics. */
export const courseContentSchema = z
  .record(z.string().max(TOPIC_MAX_LENGTH), z.array(contentTopicSchema).min(1).max(10))
  .refine((v) => Object.keys(v).length === 1, "content must hold exactly one course");

export const createCourseBodySchema = z.object({
  mainTopic: z.string().max(1000),
  type: z.string().max(100),
  lang: z.string().max(100),
  /** The outline JSON text from /api/prompt (an already-parsed object is accepted too). */
  content: z.union([z.string().max(1_000_000), z.record(z.string(), z.unknown())]),
  /** The contract's owner field: when given it must be the caller. */
  user: z.string().max(100).optional(),
  /**
   * The id /api/prompt answered with the outline. Optional here so that a client that lacks it
   * gets a message saying what to send, not a schema error.
   */
  outlineId: z.string().max(100).optional(),
});
export type CreateCourseBody = z.infer<typeof createCourseBodySchema>;

export const lessonRefBodySchema = z.object({
  courseId: z.string().max(100),
  lessonId: z.string().max(100),
});

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,200}$/;

/** The search phrase the model proposes for a lesson's image or video. */
export const searchPhraseSchema = z.object({
  query: z.string().trim().min(2).max(100).describe("A short search phrase of 2 to 6 words"),
});

/** A quiz (SPEC "Quiz request"): questions with lettered options and the right letter. */
export function quizModelSchema(questionCount: number, topicCount = 1) {
  return z.object({
    questions: z
      .array(
        z.object({
          question: z.string().trim().min(3).max(500),
          options: z.array(z.string().trim().min(1).max(300)).length(4),
          answer: z.enum(["a", "b", "c", "d"]),
          explanation: z.string().trim().min(3).max(500).describe("One sentence: why the right option is right"),
          // Which topic the question tests (its index in the request's list): a missed question
          // then says which topic to review, and mastery is counted per topic (decision 025).
          topic: z
            .number()
            .int()
            .min(0)
            .max(Math.max(0, topicCount - 1))
            .describe("The index (from 0) of the listed topic this question tests"),
        }),
      )
      .length(questionCount),
  });
}
export type ModelQuiz = z.infer<ReturnType<typeof quizModelSchema>>;
