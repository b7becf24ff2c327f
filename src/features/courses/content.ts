/** A lesson as the SPEC's Course content holds it; what is not given is empty (not written yet). */
export type ContentLesson = {
  title: string;
  theory?: string;
  youtube?: string | null;
  image?: string | null;
  done?: boolean;
};

/** The SPEC's Course content JSON: one key, the lower-cased main topic, holding the topics. */
export function courseContent(mainTopic: string, topics: { title: string; lessons: ContentLesson[] }[]) {
  return {
    [mainTopic.toLowerCase()]: topics.map((topic) => ({
      title: topic.title,
      subtopics: topic.lessons.map((lesson) => ({
        title: lesson.title,
        theory: lesson.theory ?? "",
        youtube: lesson.youtube ?? "",
        image: lesson.image ?? "",
        done: lesson.done ?? false,
      })),
    })),
  };
}

/** The content JSON as a client sends it, text or already an object; undefined when the text is not JSON. */
export function readContent(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The topics of a content JSON: the value of its one key (unchecked unless the type says). */
export function contentTopics<T>(content: Record<string, T>): T;
export function contentTopics(content: unknown): unknown;
export function contentTopics(content: unknown): unknown {
  return Object.values((content ?? {}) as Record<string, unknown>)[0];
}
