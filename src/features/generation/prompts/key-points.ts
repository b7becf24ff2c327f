import { dataBlock, dataRule, type PromptParts } from "./data-block";

/**
 * Task: a lesson's key points as flash cards (spaced review, decision 022), in the course
 * language. Each card names the lesson sentence it comes from, copied word for word, so the
 * review feature can check it is really in the lesson.
 */
export function buildKeyPointsPrompt(input: {
  lessonTitle: string;
  lessonText: string;
  language: string;
}): PromptParts {
  return {
    system: [
      "You write flash cards that help a learner remember the key points of a lesson.",
      dataRule("key_points_request"),
      `Write 3 to 6 cards in ${input.language}, one per key point of the lesson.`,
      "Each card has a front (a short question), a back (the answer, at most 20 words) and the sentence of the lesson it comes from, copied exactly.",
      "The front must not contain the answer.",
      "Answer only with the JSON object the schema describes.",
    ].join("\n"),
    prompt: dataBlock("key_points_request", {
      lesson: input.lessonTitle,
      language: input.language,
      text: input.lessonText.slice(0, 12_000),
    }),
  };
}
