import { CITE_INSTRUCTION, excerptPromptBlock, type Excerpt } from "@/features/sources/server";
import { dataBlock, dataRule, type PromptParts } from "./data-block";

/** Task: the course's final quiz (SPEC "Quiz request"), in the course language. */
export function buildQuizPrompt(input: {
  courseTopic: string;
  topicTitles: string[];
  language: string;
  questionCount: number;
  /** Questions asked in earlier attempts: a retest asks none of them again. */
  avoidQuestions?: string[];
  /** A course made from the learner's material: the excerpts found for its topics (decision 028). */
  excerpts?: Excerpt[];
}): PromptParts {
  const avoid = (input.avoidQuestions ?? []).slice(-60);
  return {
    system: [
      "You write fair multiple-choice exams for online courses.",
      dataRule("quiz_request"),
      `Write exactly ${input.questionCount} questions in ${input.language} covering the listed topics.`,
      'Each question has 4 options (without letters) and the letter of the right one ("a" to "d"); exactly one option is right.',
      "Each question also has a one-sentence explanation of why the right option is right,",
      'and "topic": the index (from 0) of the listed topic it tests.',
      ...(avoid.length
        ? ["The learner has already answered the questions listed in avoidQuestions: ask new ones, none of them again."]
        : []),
      ...(input.excerpts?.length ? QUIZ_GROUNDING : []),
      "Answer only with the JSON object the schema describes.",
    ].join("\n"),
    prompt: [
      dataBlock("quiz_request", {
        course: input.courseTopic,
        topics: input.topicTitles.slice(0, 60),
        language: input.language,
        questionCount: input.questionCount,
        ...(avoid.length ? { avoidQuestions: avoid } : {}),
      }),
      ...(input.excerpts?.length ? [excerptPromptBlock(input.excerpts)] : []),
    ].join("\n\n"),
  };
}

/** A quiz from the learner's material: each question from one excerpt, its explanation quoting it. */
const QUIZ_GROUNDING = [
  CITE_INSTRUCTION,
  "Base each question on one excerpt: its right answer must be stated in that excerpt.",
  'Its explanation quotes, in quotation marks, the few words of that excerpt that show the answer, then cites the excerpt\'s number in square brackets, e.g. As the material says, "…" [3].',
];
