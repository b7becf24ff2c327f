/**
 * Han, kana, Hangul and Thai are written without spaces between words, so a word search sees a
 * whole sentence as one token. Their character pairs are indexed beside the text (source_chunks
 * .grams) and asked for beside the query's words: most CJK words are two characters, and a pair
 * shared by question and passage is the usual way such text is matched without a dictionary.
 */
const UNSPACED_RUN = /[\u0E00-\u0E7F\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF]+/gu;

/** The distinct character pairs of the text's CJK runs (a run of one character is itself). */
export function cjkPairs(text: string, max = 4000): string[] {
  const pairs = new Set<string>();
  for (const run of text.match(UNSPACED_RUN) ?? []) {
    const chars = [...run];
    if (chars.length === 1) pairs.add(run);
    for (let i = 0; i + 1 < chars.length && pairs.size < max; i++) pairs.add(chars[i] + chars[i + 1]);
  }
  return [...pairs];
}
