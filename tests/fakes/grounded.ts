/**
 * The fake model's answers to prompts grounded in the learner's material (decision 028), as a
 * good model writes them: an outline whose titles are the material's headings, from its first
 * section to its last; a tutor answer that cites the excerpts matching the question (and, with
 * "only from my sources", says the material does not cover a question none of them matches);
 * quiz questions made from excerpts, each explanation quoting and citing one. Each answer also
 * carries one citation a checker must remove (an excerpt number never given), as models do.
 */

type Excerpt = { n: number; quote: string };

/** The numbered excerpts of the prompt's `<excerpts>` block (src/features/sources/excerpts.ts). */
function promptExcerpts(prompt: string): Excerpt[] {
  const block = prompt.match(/<excerpts>\n([\s\S]*?)\n<\/excerpts>/)?.[1];
  if (!block) return [];
  const out: Excerpt[] = [];
  for (const part of block.split(/\n\n(?=\[\d+\] \()/)) {
    const match = part.match(/^\[(\d+)\] \([^\n]*\)\n([\s\S]*)$/);
    if (match) out.push({ n: Number(match[1]), quote: match[2].trim() });
  }
  return out;
}

const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

/** Words of five letters or more: what a question must share with an excerpt to be covered by it. */
function words(text: string): Set<string> {
  return new Set((fold(text).match(/\p{L}{5,}/gu) ?? []).filter((w) => !STOP.has(w)));
}

const STOP = new Set(
  "about which where there their these those would could should explain please what\u0027s porque sobre quais quando onde explique".split(
    " ",
  ),
);

function firstSentence(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const sentence = flat.match(/^[^.!?]*[.!?]/)?.[0] ?? flat;
  return sentence.length > max ? `${sentence.slice(0, max).replace(/\s+\S*$/, "")}.` : sentence;
}

const NOT_COVERED: Record<string, string> = {
  English: "Your material does not cover this question.",
  Portuguese: "O seu material não cobre esta pergunta.",
};

/** A field of the prompt's JSON data block. */
function field(prompt: string, name: string): string | undefined {
  const raw = prompt.match(new RegExp(`"${name}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`))?.[1];
  return raw === undefined ? undefined : (JSON.parse(`"${raw}"`) as string);
}

/** The tutor's answer when its prompt carries the course's material; undefined otherwise. */
export function groundedChatAnswer(prompt: string): string | undefined {
  if (!prompt.includes("<chat_request>") || !prompt.includes("<excerpts>")) return undefined;
  const language = field(prompt, "language") ?? "English";
  const asked = words(field(prompt, "question") ?? "");
  const excerpts = promptExcerpts(prompt);
  const matching = excerpts.filter((e) => [...words(e.quote)].some((w) => asked.has(w)));
  const sourcesOnly = prompt.includes("Use only the excerpts.");
  if (matching.length === 0) {
    const notCovered = NOT_COVERED[language] ?? NOT_COVERED.English;
    if (sourcesOnly || excerpts.length === 0) return notCovered;
  }
  const cited = (matching.length > 0 ? matching : excerpts).slice(0, 2);
  const sentences = cited.map((e) => `${firstSentence(e.quote).replace(/[.!?]$/, "")} [${e.n}].`);
  // A citation of an excerpt never given: the check must drop it.
  sentences.push(`Keep going with the course [${excerpts.length + 40}].`);
  return sentences.join(" ");
}

/** The material's sections as the outline's digest lists them (src/features/sources/digest.ts). */
function digestHeadings(prompt: string): string[] {
  const block = prompt.match(/<material>\n([\s\S]*?)\n<\/material>/)?.[1];
  if (!block) return [];
  const headings: string[] = [];
  for (const line of block.split("\n")) {
    const heading = line.match(/^- (.+?) \((?:p|pp)\. [^)]*\):/)?.[1];
    if (!heading || heading === "(no heading)") continue;
    const last = heading.split(" › ").pop()!.trim();
    if (!headings.includes(last)) headings.push(last);
  }
  return headings;
}

type OutlineValue = { topics?: { title: string; subtopics: { title: string }[] }[] };

/**
 * An outline from the digest's headings, spread over the topics in order: the first topic opens
 * with the material's first heading and the last topic ends with its last.
 */
export function groundOutline(prompt: string, value: unknown): void {
  const topics = (value as OutlineValue)?.topics;
  const headings = digestHeadings(prompt);
  if (!Array.isArray(topics) || topics.length === 0 || headings.length === 0) return;
  const per = Math.min(6, Math.max(2, Math.ceil(headings.length / topics.length)));
  topics.forEach((topic, i) => {
    // Even slices; the last topic takes the material's last headings.
    const start = Math.min(Math.round((i * headings.length) / topics.length), Math.max(0, headings.length - per));
    const slice = i === topics.length - 1 ? headings.slice(-per) : headings.slice(start, start + per);
    topic.title = `${slice[0] ?? topic.title}`.slice(0, 100);
    topic.subtopics = slice.map((title) => ({ title: title.slice(0, 100) }));
    while (topic.subtopics.length < 2) topic.subtopics.push({ title: `${topic.title} ${topic.subtopics.length + 1}` });
  });
}

type QuizValue = { questions?: { question: string; options: string[]; answer: string; explanation: string }[] };

const ASK: Record<string, string> = {
  English: "Which statement does the material make?",
  Portuguese: "Qual afirmação o material faz?",
};

/** Quiz questions from the prompt's excerpts, one each, the explanation quoting and citing it. */
export function groundQuiz(prompt: string, value: unknown): void {
  const questions = (value as QuizValue)?.questions;
  const excerpts = promptExcerpts(prompt);
  if (!prompt.includes("<quiz_request>") || !Array.isArray(questions) || excerpts.length === 0) return;
  const language = field(prompt, "language") ?? "English";
  questions.forEach((q, i) => {
    const e = excerpts[i % excerpts.length];
    const statement = firstSentence(e.quote, 280);
    const right = ["a", "b", "c", "d"].indexOf(q.answer);
    q.question = `${ASK[language] ?? ASK.English} (${i + 1})`;
    if (right >= 0) q.options[right] = statement;
    const quoted = statement
      .replace(/[.!?]$/, "")
      .split(" ")
      .slice(0, 10)
      .join(" ");
    q.explanation = `"${quoted}" [${e.n}]. [${excerpts.length + 40}]`.slice(0, 480);
  });
}
