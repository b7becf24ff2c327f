import { dataBlock, dataRule, type PromptParts } from "./data-block";

export type LessonContext = {
  courseTopic: string;
  topicTitle: string;
  lessonTitle: string;
  language: string;
  /** The other lesson titles, so the lesson neither repeats nor anticipates them. */
  outline?: string[];
  /** Set when the learner asks for a lesson again: a fresh version, not the same text. */
  rewriteId?: string;
  /**
   * A review lesson after a failed quiz (decision 025): the questions the learner missed in this
   * topic, with the right answer, the one chosen ("" for none) and the explanation. The lesson
   * teaches what they test, from the topic's lessons (`outline`), without quoting the questions.
   */
  review?: { missed: { question: string; right: string; chosen: string; explanation: string }[] };
  /**
   * A course made from the learner's material (decision 027): how to cite, and the numbered
   * excerpts block (the sources feature's `CITE_INSTRUCTION` and `excerptPromptBlock`), passed in
   * by the caller so the prompts stay free of the sources feature.
   */
  grounding?: { instruction: string; excerpts: string };
};

/** The system line and the prompt block a grounded lesson adds; none without material. */
export function groundingParts(input: Pick<LessonContext, "grounding">): { system: string[]; prompt: string[] } {
  if (!input.grounding) return { system: [], prompt: [] };
  return { system: [input.grounding.instruction], prompt: [input.grounding.excerpts] };
}

/** Task: one lesson's theory, written in Markdown in the course language. */
export function buildLessonTheoryPrompt(input: LessonContext): PromptParts {
  const review = input.review?.missed.slice(0, 10);
  const grounded = groundingParts(input);
  const system = [
    "You are an experienced, friendly teacher writing one lesson of an online course.",
    dataRule("lesson_request"),
    ...(review?.length
      ? [
          "This is a short review lesson for a learner who just missed the quiz questions listed in missedQuestions.",
          "Explain again, simply and with new examples, the ideas those questions test and the mistakes behind the wrong answers;",
          "do not quote the questions or give their answers away as a list, so the retest still checks understanding.",
        ]
      : []),
    `Write the lesson in ${input.language}, in Markdown: a short introduction, then sections with "##" headings,`,
    "clear explanations with concrete examples, lists where they help, code blocks only for code, and a short summary.",
    "Aim for 400 to 700 words. Do not repeat the lesson title as the first line. Do not add links or images.",
    "Answer only with the lesson's Markdown.",
    ...grounded.system,
  ].join("\n");
  const prompt = [
    dataBlock("lesson_request", {
      course: input.courseTopic,
      topic: input.topicTitle,
      lesson: input.lessonTitle,
      language: input.language,
      ...(input.outline?.length ? { otherLessons: input.outline.slice(0, 60) } : {}),
      ...(review?.length ? { missedQuestions: review } : {}),
      ...(input.rewriteId
        ? { rewrite: { id: input.rewriteId, instruction: "a fresh version with other examples" } }
        : {}),
    }),
    ...grounded.prompt,
    `Write the lesson now, in ${input.language}.`,
  ].join("\n\n");
  return { system, prompt };
}
