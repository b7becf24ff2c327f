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
};

/** Task: one lesson's theory, written in Markdown in the course language. */
export function buildLessonTheoryPrompt(input: LessonContext): PromptParts {
  const system = [
    "You are an experienced, friendly teacher writing one lesson of an online course.",
    dataRule("lesson_request"),
    `Write the lesson in ${input.language}, in Markdown: a short introduction, then sections with "##" headings,`,
    "clear explanations with concrete examples, lists where they help, code blocks only for code, and a short summary.",
    "Aim for 400 to 700 words. Do not repeat the lesson title as the first line. Do not add links or images.",
    "Answer only with the lesson's Markdown.",
  ].join("\n");
  const prompt = [
    dataBlock("lesson_request", {
      course: input.courseTopic,
      topic: input.topicTitle,
      lesson: input.lessonTitle,
      language: input.language,
      ...(input.outline?.length ? { otherLessons: input.outline.slice(0, 60) } : {}),
      ...(input.rewriteId
        ? { rewrite: { id: input.rewriteId, instruction: "a fresh version with other examples" } }
        : {}),
    }),
    `Write the lesson now, in ${input.language}.`,
  ].join("\n\n");
  return { system, prompt };
}
