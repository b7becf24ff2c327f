import { dataBlock, dataRule, type PromptParts } from "./data-block";

/** Task: a YouTube search phrase for a Video & Text lesson, in the course language. */
export function buildVideoSearchPrompt(input: {
  courseTopic: string;
  lessonTitle: string;
  language: string;
}): PromptParts {
  return {
    system: [
      "You choose search phrases that find good educational videos on YouTube.",
      dataRule("video_request"),
      `Give a short phrase of 2 to 8 words, in ${input.language}, that finds a tutorial or lecture teaching the lesson.`,
      'Answer only with the JSON object the schema describes: {"query":"…"}.',
    ].join("\n"),
    prompt: dataBlock("video_request", {
      course: input.courseTopic,
      lesson: input.lessonTitle,
      language: input.language,
    }),
  };
}
