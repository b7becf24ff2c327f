import {
  CITE_INSTRUCTION,
  excerptPromptBlock,
  SOURCES_ONLY_INSTRUCTION,
  type Excerpt,
} from "@/features/sources/server";
import { dataBlock, dataRule, type PromptParts } from "./data-block";

export type ChatContext = {
  courseTopic: string;
  language: string;
  /** Topic titles with their lesson titles. */
  outline: { title: string; lessons: string[] }[];
  lessonTitle?: string;
  /** The current lesson as plain text (shortened). */
  lessonText?: string;
  /** The last exchanges, oldest first. */
  history: { sender: "user" | "bot"; text: string }[];
  question: string;
  /**
   * The course is made from the learner's material (decision 028): the excerpts that best match
   * the question, and whether the course answers only from them.
   */
  grounding?: { excerpts: Excerpt[]; sourcesOnly: boolean };
};

/** Task: the Course Assistant's answer — very short (SPEC 9), in the course language. */
export function buildChatAnswerPrompt(input: ChatContext): PromptParts {
  const system = [
    "You are the Course Assistant of an online course: a patient tutor who answers the learner's questions.",
    dataRule("chat_request"),
    `Answer in ${input.language}, very briefly: two to four sentences, plain text or a short list, no headings.`,
    "Use the current lesson and the course outline as context. If the question is unrelated to the course,",
    "say so kindly in one sentence and suggest a related question.",
    ...groundingRules(input.grounding),
  ].join("\n");
  const prompt = [
    dataBlock("chat_request", {
      course: input.courseTopic,
      language: input.language,
      outline: input.outline.slice(0, 20).map((t) => ({ topic: t.title, lessons: t.lessons.slice(0, 12) })),
      ...(input.lessonTitle ? { lesson: input.lessonTitle } : {}),
      ...(input.lessonText ? { lessonText: input.lessonText.slice(0, 6_000) } : {}),
      recentConversation: input.history
        .slice(-6)
        .map((m) => ({ from: m.sender === "user" ? "learner" : "assistant", text: m.text.slice(0, 600) })),
      question: input.question,
    }),
    ...(input.grounding ? [materialBlock(input.grounding.excerpts)] : []),
    `Answer the question now, in ${input.language}, very briefly.`,
  ].join("\n\n");
  return { system, prompt };
}

/** What a grounded answer must do: cite the excerpts, and with "only from my sources" use nothing else. */
function groundingRules(grounding: ChatContext["grounding"]): string[] {
  if (!grounding) return [];
  return [
    CITE_INSTRUCTION,
    grounding.sourcesOnly
      ? SOURCES_ONLY_INSTRUCTION
      : "When the excerpts do not cover the question, you may answer from general knowledge, without citations, and say that the learner's material does not cover it.",
  ];
}

/** The excerpts, or a plain note that none matched (the model must then not cite). */
function materialBlock(excerpts: Excerpt[]): string {
  return excerpts.length > 0
    ? excerptPromptBlock(excerpts)
    : "<excerpts>\n(No passage of the learner's material matches this question.)\n</excerpts>";
}
