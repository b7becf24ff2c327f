/**
 * The fake model made source-aware (decision 027): a lesson prompt that carries `<excerpts>`
 * is answered with paragraphs built from the excerpts' own words, each citing its excerpt as a
 * grounded model would (`… [2].`). Two deliberately bad citations go with it, in the first
 * paragraph beside a good one, so the app's check has something to drop: a number that was never
 * given (`[k+1]` of k) and, when the fake's own words share nothing with excerpt 2, excerpt 2 cited
 * after such a sentence. Neither costs the paragraph its good citation.
 */
import { contentWords, sharesContent } from "../../src/features/sources/citations";
import type { FakeWriter } from "./fake-text";

type PromptExcerpt = { n: number; quote: string };

/** The numbered excerpts of a prompt's `<excerpts>` block (excerptPromptBlock's layout). */
function promptExcerpts(prompt: string): PromptExcerpt[] {
  const block = /<excerpts>\n([\s\S]*?)\n<\/excerpts>/.exec(prompt)?.[1];
  if (!block) return [];
  const found: PromptExcerpt[] = [];
  for (const part of block.split(/\n\n(?=\[\d+\] \()/)) {
    const match = /^\[(\d+)\] \([^\n]*\)\n([\s\S]*)$/.exec(part);
    if (match) found.push({ n: Number(match[1]), quote: match[2] });
  }
  return found;
}

/**
 * The excerpt's sentence with the most content words, cut to 24 words (160 characters for
 * scripts without spaces), as plain prose.
 */
function claimFrom(quote: string): string {
  const plain = quote
    .replace(/[#*_`|<>[\]()]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const sentences = plain
    .split(/(?<=[.!?])\s+|(?<=[\u3002\uff01\uff1f\u061f\u06d4])/)
    .map((s) => s.replace(/[.!?\u3002\uff01\uff1f\u061f\u06d4]+$/, "").trim());
  const best = sentences.reduce((a, b) => (contentWords(b).size > contentWords(a).size ? b : a), "");
  const words = best.split(" ");
  const cut = words.length > 1 ? words.slice(0, 24).join(" ") : Array.from(best).slice(0, 160).join("");
  return cut.charAt(0).toUpperCase() + cut.slice(1);
}

/** Whether a prompt asks for a lesson written from excerpts. */
export function isGroundedLessonPrompt(prompt: string): boolean {
  return prompt.includes("<lesson_request>") && promptExcerpts(prompt).length > 0;
}

/** The grounded lesson: a heading, one cited paragraph per excerpt (five at most), a cited summary. */
export function groundedLessonMarkdown(prompt: string, title: string, writer: FakeWriter): string {
  const excerpts = promptExcerpts(prompt).slice(0, 5);
  const paragraph = (e: PromptExcerpt) => `${writer.sentence()} ${claimFrom(e.quote)} [${e.n}].`;
  const bad: string[] = [`${writer.sentence().replace(/\.$/, "")} [${promptExcerpts(prompt).length + 1}].`];
  const unrelated = writer.sentence().replace(/\.$/, "");
  if (excerpts[1] && !sharesContent(unrelated, excerpts[1].quote)) bad.push(`${unrelated} [${excerpts[1].n}].`);
  const paragraphs = excerpts.map((e, i) => (i === 0 ? `${paragraph(e)} ${bad.join(" ")}` : paragraph(e)));
  return [
    `## ${title}`,
    "",
    paragraphs.join("\n\n"),
    "",
    `### ${writer.phrase(2)}`,
    "",
    `${writer.sentence()} ${claimFrom(excerpts[excerpts.length - 1].quote)} [${excerpts[excerpts.length - 1].n}].`,
  ].join("\n");
}
