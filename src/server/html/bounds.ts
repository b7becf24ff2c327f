import "server-only";
import { brandedError } from "@/lib/branded-error";

/**
 * Bounds on HTML before it reaches the sanitizer. sanitize-html parses with htmlparser2, whose
 * open-element stack costs O(depth) per tag, so nesting makes it quadratic: 200,000 nested
 * `<div>` held the event loop for 39 s. Within these bounds sanitizing takes a few tens of
 * milliseconds (see sanitize.test.ts), and anything beyond them is refused before parsing.
 */
export const HTML_LIMITS = {
  /** Open elements inside one another. */
  depth: 200,
  /** Elements, attributes and character references together: each costs the sanitizer a call. */
  nodes: 10_000,
  /** Characters of HTML, inline images excepted (they are taken out before sanitizing). */
  chars: 500_000,
} as const;

export type HtmlLimit = keyof typeof HTML_LIMITS;

export class HtmlTooComplexError extends brandedError("HtmlTooComplexError") {
  constructor(readonly limit: HtmlLimit) {
    super(`The HTML exceeds the ${limit} bound (${HTML_LIMITS[limit]}).`);
  }
}

/** Where an `<img src="data:…">` value sits in the scanned text: [start, end). */
type InlineImageSlot = { start: number; end: number; value: string; hasReference: boolean };

export type HtmlScan = { depth: number; nodes: number; chars: number; inlineImages: InlineImageSlot[] };

// htmlparser2's own tables (Parser.ts), so the depth counted here is the one its stack reaches.
const VOID = new Set([
  "area",
  "base",
  "basefont",
  "br",
  "col",
  "command",
  "embed",
  "frame",
  "hr",
  "img",
  "input",
  "isindex",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);
const P = new Set(["p"]);
const FORM = new Set(["input", "option", "optgroup", "select", "button", "datalist", "textarea"]);
const OPEN_IMPLIES_CLOSE = new Map<string, Set<string>>([
  ["tr", new Set(["tr", "th", "td"])],
  ["th", new Set(["th"])],
  ["td", new Set(["thead", "th", "td"])],
  ["body", new Set(["head", "link", "script"])],
  ["li", new Set(["li"])],
  ...[
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "address",
    "article",
    "aside",
    "blockquote",
    "details",
    "div",
    "dl",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "header",
    "hr",
    "main",
    "nav",
    "ol",
    "pre",
    "section",
    "table",
    "ul",
  ].map((tag) => [tag, P] as [string, Set<string>]),
  ...["select", "input", "output", "button", "datalist", "textarea"].map((tag) => [tag, FORM] as [string, Set<string>]),
  ["option", new Set(["option"])],
  ["optgroup", new Set(["optgroup", "option"])],
  ["dd", new Set(["dd", "dt"])],
  ["dt", new Set(["dd", "dt"])],
  ["rt", new Set(["rt", "rp"])],
  ["rp", new Set(["rt", "rp"])],
  ["tbody", new Set(["thead", "tbody"])],
  ["tfoot", new Set(["thead", "tbody"])],
]);
/** Elements whose content is raw text up to their own end tag. */
const RAW_TEXT = new Set(["script", "style", "title", "textarea", "xmp"]);

const GT = 62,
  SLASH = 47,
  BANG = 33,
  QUESTION = 63,
  DASH = 45,
  EQ = 61,
  DQ = 34,
  SQ = 39;

const isWhitespace = (c: number) => c === 32 || c === 10 || c === 9 || c === 12 || c === 13;
const isAsciiAlpha = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
/** A tag or attribute name ends at whitespace, `/` or `>` (NaN: the end of the text). */
const endsName = (c: number) => c !== c || c === SLASH || c === GT || isWhitespace(c);

/**
 * One linear pass over the HTML that follows htmlparser2's tokenizer closely enough to count, as
 * an upper bound, the depth its stack reaches and the nodes it emits; it stops with
 * HtmlTooComplexError as soon as a bound is passed, so a 5 MB pathological body costs
 * microseconds. `<img src="data:…">` values are located so they can be taken out; their
 * characters do not count towards `chars`.
 *
 * Where the tokenizer's behaviour is uncertain the count errs high (a self-closing tag inside
 * `<svg>` still counts as open), never low.
 */
export function scanHtml(html: string): HtmlScan {
  const stack: string[] = [];
  const inlineImages: InlineImageSlot[] = [];
  let nodes = 0;
  let maxDepth = 0;
  let imageChars = 0;
  const n = html.length;

  const addNodes = (count: number) => {
    nodes += count;
    if (nodes > HTML_LIMITS.nodes) throw new HtmlTooComplexError("nodes");
  };
  // The next `&` at or after the last place asked about, so no search runs over the text twice.
  let nextAmp = html.indexOf("&");
  const ampFrom = (from: number) => {
    if (nextAmp !== -1 && nextAmp < from) nextAmp = html.indexOf("&", from);
    return nextAmp === -1 ? n : nextAmp;
  };
  const countReferences = (from: number, to: number) => {
    while (ampFrom(from) < to) {
      addNodes(1);
      from = nextAmp + 1;
    }
  };
  const open = (name: string) => {
    addNodes(1);
    const implied = OPEN_IMPLIES_CLOSE.get(name);
    if (implied) while (stack.length > 0 && implied.has(stack[stack.length - 1])) stack.pop();
    if (VOID.has(name)) return;
    stack.push(name);
    if (stack.length > maxDepth) {
      maxDepth = stack.length;
      if (maxDepth > HTML_LIMITS.depth) throw new HtmlTooComplexError("depth");
    }
  };
  const close = (name: string) => {
    if (VOID.has(name)) {
      if (name === "br") addNodes(1); // `</br>` is read as `<br>`
      return;
    }
    const at = stack.lastIndexOf(name);
    if (at !== -1) stack.length = at;
    else if (name === "p") {
      // A stray `</p>` is read as `<p></p>`.
      open("p");
      stack.pop();
    }
  };
  /** The index just past the next `>` at or after `from` (n when there is none). */
  const pastNext = (from: number, needle = ">") => {
    const at = html.indexOf(needle, from);
    return at === -1 ? n : at + needle.length;
  };

  let i = 0;
  while (i < n) {
    const lt = html.indexOf("<", i);
    countReferences(i, lt === -1 ? n : lt);
    if (lt === -1) break;
    i = lt + 1;
    const c = html.charCodeAt(i);
    if (c === BANG) {
      const c2 = html.charCodeAt(i + 1);
      if (c2 === 91 /* [ */) {
        // `<![CDATA[` … `]]>` is a comment in HTML mode; any other `<![` a declaration.
        i = html.startsWith("CDATA[", i + 2) ? pastNext(i + 8, "]]>") : pastNext(i + 2);
      } else if (c2 === DASH && html.charCodeAt(i + 2) === DASH) {
        // A comment may close right away (`<!-->`, `<!--->`), else at the first `-->`.
        let j = i + 3;
        while (html.charCodeAt(j) === DASH) j++;
        i = html.charCodeAt(j) === GT ? j + 1 : pastNext(i + 3, "-->");
      } else {
        // The character after `<!` (or `<!-`) is consumed before the declaration looks for `>`.
        i = pastNext(c2 === DASH ? i + 3 : i + 2);
      }
      continue;
    }
    if (c === QUESTION) {
      i = pastNext(i + 1);
      continue;
    }
    if (c === SLASH) {
      let j = i + 1;
      while (isWhitespace(html.charCodeAt(j))) j++;
      const first = html.charCodeAt(j);
      if (first === GT) {
        i = j + 1;
        continue;
      }
      if (!isAsciiAlpha(first)) {
        i = pastNext(j); // `</3…>` is a comment
        continue;
      }
      const start = j;
      while (j < n && html.charCodeAt(j) !== GT && !isWhitespace(html.charCodeAt(j))) j++;
      if (j >= n) break; // an end tag cut off by the end of the text is ignored
      close(html.slice(start, j).toLowerCase());
      i = pastNext(j);
      continue;
    }
    if (!isAsciiAlpha(c)) continue; // a lone `<` is text
    // A start tag: the parser pushes it as soon as its name ends, even if `>` never comes.
    let j = i;
    while (!endsName(html.charCodeAt(j))) j++;
    if (j >= n) break;
    const name = html.slice(i, j).toLowerCase();
    open(name);
    let selfClosing = false;
    let srcSeen = false;
    const isImg = name === "img";
    // Attributes, up to the `>` that ends the tag.
    while (j < n) {
      const a = html.charCodeAt(j);
      if (a === GT) break;
      if (a === SLASH) {
        selfClosing = true;
        j++;
        continue;
      }
      if (isWhitespace(a)) {
        j++;
        continue;
      }
      selfClosing = false;
      const nameStart = j;
      j++;
      while (j < n && html.charCodeAt(j) !== EQ && !endsName(html.charCodeAt(j))) j++;
      // Only an img's src matters here; other names are not even sliced.
      const isSrc = isImg && j - nameStart === 3 && html.slice(nameStart, j).toLowerCase() === "src";
      addNodes(1);
      while (isWhitespace(html.charCodeAt(j))) j++;
      if (html.charCodeAt(j) !== EQ) continue;
      j++;
      while (isWhitespace(html.charCodeAt(j))) j++;
      const q = html.charCodeAt(j);
      let valueStart: number;
      let valueEnd: number;
      if (q === DQ || q === SQ) {
        valueStart = j + 1;
        const close = html.indexOf(q === DQ ? '"' : "'", valueStart);
        valueEnd = close === -1 ? n : close;
        j = close === -1 ? n : close + 1;
      } else {
        valueStart = j;
        while (j < n && html.charCodeAt(j) !== GT && !isWhitespace(html.charCodeAt(j))) j++;
        valueEnd = j;
      }
      const hasReference = ampFrom(valueStart) < valueEnd;
      if (isSrc && !srcSeen && valueEnd < n && html.startsWith("data:", valueStart)) {
        inlineImages.push({ start: valueStart, end: valueEnd, value: html.slice(valueStart, valueEnd), hasReference });
        imageChars += valueEnd - valueStart;
      } else if (hasReference) {
        countReferences(valueStart, valueEnd);
      }
      if (isSrc) srcSeen = true;
    }
    if (j >= n) break;
    i = j + 1;
    if (RAW_TEXT.has(name) && !selfClosing) {
      // Up to `</name` followed by `>` or whitespace; everything before is text.
      const end = `</${name}`;
      let k = i;
      for (;;) {
        const at = html.indexOf("<", k);
        if (at === -1) {
          k = n;
          break;
        }
        const after = html.charCodeAt(at + end.length);
        if (html.slice(at, at + end.length).toLowerCase() === end && (after === GT || isWhitespace(after))) {
          k = at;
          break;
        }
        k = at + 1;
      }
      countReferences(i, k);
      i = k; // the end tag itself is read by the loop
    }
  }
  const chars = n - imageChars;
  if (chars > HTML_LIMITS.chars) throw new HtmlTooComplexError("chars");
  return { depth: maxDepth, nodes, chars, inlineImages };
}
