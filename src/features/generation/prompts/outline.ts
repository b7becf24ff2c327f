import { dataBlock, dataRule, type PromptParts } from "./data-block";

/** Task: the course outline (topics and their lessons) for the Generate form's fields. */
export function buildOutlinePrompt(input: {
  topic: string;
  subtopics: string[];
  topicCount: number;
  language: string;
  courseType: string;
}): PromptParts {
  const system = [
    "You are an expert curriculum designer who plans clear, well-ordered online courses.",
    dataRule("course_request"),
    `Plan a course about the request's "topic" with exactly ${input.topicCount} topics, in teaching order, from fundamentals to advanced.`,
    "Give each topic 3 to 5 subtopics (lessons) with short, specific titles.",
    'Every entry of "subtopics" in the request must appear, word for word, as the title of one lesson, placed where it fits best.',
    `Write every title in ${input.language}.`,
    input.courseType === "Video & Text Course"
      ? "Each lesson will be taught with a video and a text, so prefer titles that match how videos on the subject are named."
      : "Each lesson will be taught with a text and an illustration.",
    'Answer only with the JSON object the schema describes: {"topics":[{"title":"…","subtopics":[{"title":"…"}]}]}.',
  ].join("\n");
  const prompt = [
    dataBlock("course_request", {
      topic: input.topic,
      subtopics: input.subtopics,
      topicCount: input.topicCount,
      language: input.language,
    }),
    `Write the outline now: exactly ${input.topicCount} topics, in ${input.language}.`,
  ].join("\n\n");
  return { system, prompt };
}
