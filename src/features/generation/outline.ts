import { cleanTitle } from "@/lib/clean-title";
import { looksWrittenIn } from "./languages";
import type { Outline } from "./schemas";

const normalize = (s: string) => cleanTitle(s).toLocaleLowerCase();

/**
 * Every subtopic the learner added must be a lesson of the outline. Models sometimes reword
 * or drop one; a missing one is added to the topic sharing most words with it.
 */
export function withUserSubtopics(outline: Outline, userSubtopics: string[]): Outline {
  const topics = outline.topics.map((t) => ({ title: t.title, subtopics: [...t.subtopics] }));
  for (const wanted of userSubtopics) {
    const key = normalize(wanted);
    if (!key || topics.some((t) => t.subtopics.some((s) => normalize(s) === key))) continue;
    const words = new Set(key.split(/\s+/));
    let best = 0;
    let bestScore = -1;
    topics.forEach((t, i) => {
      const text = `${t.title} ${t.subtopics.join(" ")}`.toLocaleLowerCase();
      const score = [...words].filter((w) => w.length > 2 && text.includes(w)).length;
      if (score > bestScore) [best, bestScore] = [i, score];
    });
    topics[best].subtopics.push(cleanTitle(wanted));
  }
  return { topics };
}

/** An outline written by the model or posted as content JSON, with clean titles and no empty lesson. */
export function cleanOutline(value: { topics: { title: string; subtopics: { title: string }[] }[] }): Outline {
  return {
    topics: value.topics.map((t) => ({
      title: cleanTitle(t.title),
      subtopics: t.subtopics.map((s) => cleanTitle(s.title)).filter(Boolean),
    })),
  };
}

function outlineText(outline: Outline): string {
  return outline.topics.flatMap((t) => [t.title, ...t.subtopics]).join(" ");
}

/** Whether the outline reads as written in the course language (checked where the script tells). */
export function outlineInLanguage(outline: Outline, language: string): boolean {
  return looksWrittenIn(outlineText(outline), language);
}

/** JSON, possibly in a ```json fence (SPEC: fences are stripped). */
export function parseJsonAnswer(text: string): unknown {
  const trimmed = text.trim();
  const fenced = trimmed.match(/^```(?:json)?\s*\n?([\s\S]*?)\n?```$/i);
  return JSON.parse(fenced ? fenced[1] : trimmed);
}

/**
 * The posted outline when it only keeps, drops or reorders topics and lessons of the stored one
 * (the outline the model wrote), with exactly its titles; null if it adds or changes any text.
 * A lesson stays in its own topic, and nothing is used twice.
 */
export function outlineWithin(stored: Outline, posted: Outline): Outline | null {
  const unused = [...stored.topics];
  for (const topic of posted.topics) {
    const index = unused.findIndex((t) => t.title === topic.title && isSubMultiset(topic.subtopics, t.subtopics));
    if (index < 0) return null;
    unused.splice(index, 1);
  }
  return posted;
}

function isSubMultiset(part: string[], whole: string[]): boolean {
  const left = new Map<string, number>();
  for (const item of whole) left.set(item, (left.get(item) ?? 0) + 1);
  for (const item of part) {
    const n = left.get(item) ?? 0;
    if (n === 0) return false;
    left.set(item, n - 1);
  }
  return true;
}
