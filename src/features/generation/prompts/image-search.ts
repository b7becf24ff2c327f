import { dataBlock, dataRule, type PromptParts } from "./data-block";

/** Task: a phrase for a photo search (Unsplash, Pexels, Wikimedia) that illustrates a lesson. */
export function buildImageSearchPrompt(input: {
  courseTopic: string;
  lessonTitle: string;
  language: string;
}): PromptParts {
  return {
    system: [
      "You choose search phrases for stock-photo libraries.",
      dataRule("image_request"),
      "Give a short phrase of 2 to 6 words, in English, naming something concrete and photographable that illustrates the lesson.",
      'Answer only with the JSON object the schema describes: {"query":"…"}.',
    ].join("\n"),
    prompt: dataBlock("image_request", {
      course: input.courseTopic,
      lesson: input.lessonTitle,
      language: input.language,
    }),
  };
}
