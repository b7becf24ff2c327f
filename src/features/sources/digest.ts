import type { DigestChunk } from "./queries";

/**
 * The material as the outline's prompt reads it (decision 028): for each source its table of
 * contents (the distinct heading paths of its chunks, in order, with their pages) and the first
 * sentence or two of each section. Bounded: when the whole does not fit, sections are summarised
 * evenly from the first to the last of every source (each source's first and last always), and
 * the digest says how many of how many; the end of the material is never silently cut.
 *
 * Pure functions: the caller reads the chunks (queries.ts digestChunks).
 */

export type DigestSection = {
  sourceId: string;
  sourceTitle: string;
  headingPath: string[];
  pageFrom: number;
  pageTo: number;
  /** The first sentence or two of the section's first chunk. */
  summary: string;
};

/** A long run of chunks under one heading (or a source without headings) is seen in parts of this many. */
const CHUNKS_PER_PART = 6;
/** The digest's ceiling in characters: about 4,000 tokens of the outline prompt. */
const DIGEST_MAX_CHARS = 16_000;
const SUMMARY_CHARS = 220;
const SHORT_SUMMARY_CHARS = 110;

const STOPS = ".!?。！？";

/**
 * Where the sentence starting at `from` ends: after its run of stops (. ! ? and the CJK ones)
 * when a space or the end follows, else the end of the text. One pass, no backtracking.
 */
function sentenceEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (!STOPS.includes(text[i])) continue;
    let j = i;
    while (j < text.length && STOPS.includes(text[j])) j++;
    if (j === text.length || text[j] === " ") return j;
    i = j - 1;
  }
  return text.length;
}

/** The first sentence or two, at most `max` characters (cut at a word). */
export function leadSentences(text: string, max = SUMMARY_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const firstEnd = sentenceEnd(flat, 0);
  let out = flat.slice(0, firstEnd).trim();
  const second = flat.slice(firstEnd, sentenceEnd(flat, firstEnd)).trim();
  if (second && out.length + second.length <= max) out = `${out} ${second}`;
  if (out.length > max) {
    const cut = out.slice(0, max);
    const space = cut.lastIndexOf(" ");
    out = `${space > 0 ? cut.slice(0, space).trimEnd() : cut}…`;
  }
  return out;
}

const samePath = (a: string[], b: string[]) => a.length === b.length && a.every((h, i) => h === b[i]);

/**
 * The sections of the chunks (one source's or many, in reading order): a new section where the
 * heading path changes, and every CHUNKS_PER_PART chunks of a long one, so a source with few
 * headings is still seen from end to end.
 */
export function sectionsOf(chunks: DigestChunk[], titles: Map<string, string>): DigestSection[] {
  const out: DigestSection[] = [];
  let current: (DigestSection & { chunks: number }) | undefined;
  for (const chunk of chunks) {
    const continues =
      current &&
      current.sourceId === chunk.sourceId &&
      samePath(current.headingPath, chunk.headingPath) &&
      current.chunks < CHUNKS_PER_PART;
    if (continues && current) {
      current.pageTo = Math.max(current.pageTo, chunk.pageTo);
      current.chunks++;
      continue;
    }
    if (current) out.push(strip(current));
    current = {
      sourceId: chunk.sourceId,
      sourceTitle: titles.get(chunk.sourceId) ?? "",
      headingPath: chunk.headingPath,
      pageFrom: chunk.pageFrom,
      pageTo: chunk.pageTo,
      summary: leadSentences(chunk.lead),
      chunks: 1,
    };
  }
  if (current) out.push(strip(current));
  return out;
}

function strip({ chunks: _chunks, ...section }: DigestSection & { chunks: number }): DigestSection {
  return section;
}

const pages = (s: DigestSection) => (s.pageFrom === s.pageTo ? `p. ${s.pageFrom}` : `pp. ${s.pageFrom}–${s.pageTo}`);

function line(s: DigestSection, summaryChars: number): string {
  const heading = s.headingPath.length > 0 ? s.headingPath.join(" › ") : "(no heading)";
  const summary = summaryChars < SUMMARY_CHARS ? leadSentences(s.summary, summaryChars) : s.summary;
  return `- ${heading} (${pages(s)}): ${summary}`;
}

/**
 * `k` of the indices 0…n-1, spread evenly, the first and the last always among them. Used per
 * source, so every source is covered from its beginning to its end.
 */
export function evenIndices(n: number, k: number): number[] {
  if (k >= n) return Array.from({ length: n }, (_, i) => i);
  if (k <= 1) return n > 1 ? [0, n - 1] : [0];
  const picked = new Set<number>();
  for (let i = 0; i < k; i++) picked.add(Math.round((i * (n - 1)) / (k - 1)));
  return [...picked].sort((a, b) => a - b);
}

/** One source's part of the digest: its sections (all, or the indices of a sample). */
type SourceGroup = { title: string; sections: DigestSection[]; shown: number[] };

function render(groups: SourceGroup[], summaryChars: number): string {
  return groups
    .map((g) => {
      const total = g.sections.length;
      const note =
        g.shown.length < total
          ? ` — ${total} sections; ${g.shown.length} summarised, sampled evenly from the first to the last ("…" marks sections left out)`
          : ` — ${total} sections`;
      const lines: string[] = [];
      let previous = -1;
      for (const index of g.shown) {
        if (index > previous + 1) lines.push("- …");
        lines.push(line(g.sections[index], summaryChars));
        previous = index;
      }
      return `Source "${g.title.replace(/"/g, "'")}"${note}\n${lines.join("\n")}`;
    })
    .join("\n\n");
}

/**
 * The digest of the sections (in reading order), within `maxChars`: everything when it fits;
 * else shorter summaries; else the largest even sample of each source's sections, the same
 * share of each, that fits.
 */
export function materialDigest(sections: DigestSection[], maxChars = DIGEST_MAX_CHARS): string {
  const bySource = new Map<string, SourceGroup>();
  for (const s of sections) {
    const group = bySource.get(s.sourceId) ?? { title: s.sourceTitle, sections: [], shown: [] };
    group.shown.push(group.sections.length);
    group.sections.push(s);
    bySource.set(s.sourceId, group);
  }
  const all = [...bySource.values()];
  for (const chars of [SUMMARY_CHARS, SHORT_SUMMARY_CHARS]) {
    const text = render(all, chars);
    if (text.length <= maxChars) return text;
  }
  const sample = (share: number) =>
    all.map((g) => ({
      ...g,
      shown: evenIndices(g.sections.length, Math.max(2, Math.floor(g.sections.length * share))),
    }));
  // The largest share that fits, found by halving; at the least each source's first and last.
  let low = 0;
  let high = 1;
  let best = render(sample(0), SHORT_SUMMARY_CHARS);
  for (let step = 0; step < 12; step++) {
    const share = (low + high) / 2;
    const text = render(sample(share), SHORT_SUMMARY_CHARS);
    if (text.length <= maxChars) {
      best = text;
      low = share;
    } else high = share;
  }
  return best;
}
