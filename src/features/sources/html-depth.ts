/**
 * HTML parsers keep a stack of open elements, and htmlparser2 (under linkedom) adds to the front
 * of it: every opening tag costs as much as the page is deep, so a page of 200,000 nested
 * `<div>`s takes minutes to parse. `boundedDepth` walks the tags once and drops the ones that
 * would open an element deeper than `max` (and their closing tags), keeping all the text: as
 * browsers do past their own depth limit, deeper content joins its ancestor at the limit.
 *
 * The count is an estimate of the parsers' depth from the tags alone: elements that are never
 * nested in themselves by the parser (a `<p>` ends the `<p>` before it) and void elements do not
 * count, and raw-text elements (`<script>`, `<style>`…) are skipped whole.
 */

/** Far deeper than any real page's structure (a few dozen), far shallower than an attack. */
const MAX_HTML_DEPTH = 256;

const VOID = new Set(
  "area base basefont br col command embed frame hr img input isindex keygen link meta param source track wbr".split(
    " ",
  ),
);
/** Opening one ends an open one of the same name (htmlparser2's openImpliesClose), so they do not stack. */
const SELF_ENDING = new Set("p li dt dd tr th td option optgroup rt rp tbody tfoot".split(" "));
const RAW_TEXT = new Set("script style textarea title xmp iframe noembed noframes noscript plaintext".split(" "));

/** The lower-case tag name starting at `from` (letters, digits, `-`, `:`), or "". */
function nameAt(html: string, from: number, end: number): string {
  let stop = from;
  while (stop < end) {
    const c = html.charCodeAt(stop) | 0x20;
    const letter = c >= 97 && c <= 122;
    const other = (c >= 48 && c <= 58) || c === 0x2d || c === 0x3a; // digits, "-", ":" (0x20-folded)
    if (!letter && !(stop > from && other)) break;
    stop++;
  }
  return html.slice(from, stop).toLowerCase();
}

/** The page's markup past `max` deep dropped, with what the walk saw: elements opened and the deepest level kept. */
export type BoundedHtml = { html: string; elements: number; deepest: number };

export function boundedDepth(html: string, max = MAX_HTML_DEPTH): BoundedHtml {
  let lower: string | undefined;
  let depth = 0;
  let deepest = 0;
  let elements = 0;
  let dropped = 0;
  const out: string[] = [];
  let copied = 0;
  let at = 0;
  const drop = (open: number, close: number) => {
    out.push(html.slice(copied, open));
    copied = close + 1;
  };
  for (;;) {
    const open = html.indexOf("<", at);
    if (open < 0) break;
    const close = html.indexOf(">", open + 1);
    if (close < 0) break;
    at = close + 1;
    const closing = html.charCodeAt(open + 1) === 47; // "/"
    const name = nameAt(html, open + (closing ? 2 : 1), close);
    // Comments, doctypes and stray "<" name no element.
    if (!name) continue;
    if (!closing) elements++;
    if (VOID.has(name) || SELF_ENDING.has(name)) continue;
    if (closing) {
      if (dropped > 0 && depth >= max) {
        dropped--;
        drop(open, close);
      } else if (depth > 0) depth--;
      continue;
    }
    if (RAW_TEXT.has(name)) {
      // Its text is not markup: the walk resumes after its closing tag (found from a lower-case copy made once).
      lower ??= html.toLowerCase();
      const end = lower.indexOf(`</${name}`, at);
      const after = end < 0 ? -1 : html.indexOf(">", end);
      at = after < 0 ? html.length : after + 1;
      continue;
    }
    if (html.charCodeAt(close - 1) === 47) continue; // "<x/>"
    if (depth >= max) {
      dropped++;
      drop(open, close);
    } else deepest = Math.max(deepest, ++depth);
  }
  if (copied === 0) return { html, elements, deepest };
  out.push(html.slice(copied));
  return { html: out.join(""), elements, deepest };
}
