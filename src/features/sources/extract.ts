import { SourceFailure } from "./failure";
import { boundedDepth } from "./html-depth";
import { xmlParagraphs } from "./xml-text";
import { readZip } from "./zip";

/**
 * Text out of each kind of material, page by page, with its structure (headings, paragraphs):
 * PDF with unpdf (pdf.js), DOCX with mammoth (to HTML), PPTX from its slides' XML (one page per
 * slide), web pages with Readability on linkedom, text and Markdown as they are. Kinds without
 * pages (DOCX, text, web pages) get one every PAGE_CHARS characters, which is also how their
 * pages count against the plan (decision 023); PDF and PPTX pages count as the larger of their
 * own number and their characters' (decision 029).
 *
 * Runs in the reading worker (read-worker.ts), never on the server's event loop, and every step
 * is linear in its input: no regular expression here can backtrack over a run of the input, the
 * HTML and XML are walked once, and each reader stops as soon as the plan's character budget
 * (CharBudget) is passed, before the rest of the text is collected.
 */

export type Block = { headings: string[]; text: string };
export type Page = { page: number; blocks: Block[] };

/** Characters of a page where the material has none of its own (about one printed page). */
export const PAGE_CHARS = 3000;

/** The number of pages a kind without pages counts as. */
export const pagesOfText = (chars: number) => Math.max(1, Math.ceil(chars / PAGE_CHARS));

/** Pages as the plan counts them: the material's own, or one per PAGE_CHARS of its text when that is more. */
export function countedPages(pages: Page[]): number {
  let chars = 0;
  for (const page of pages) for (const block of page.blocks) chars += block.text.length;
  return Math.max(pages.length, pagesOfText(chars));
}

/**
 * The characters one source may hold: the plan's pages for it times PAGE_CHARS. Readers `take`
 * what they read as they go; passing the budget throws `source:too-many-pages` at once, so a
 * source far over its plan is stopped after its first budget of text, not after all of it.
 */
export class CharBudget {
  private used = 0;
  constructor(readonly max: number) {}
  take(chars: number): void {
    this.used += chars;
    if (this.used > this.max) throw new SourceFailure("source:too-many-pages", undefined, "over the character budget");
  }
}

export type Progress = (read: number, total: number) => Promise<void> | void;

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Control characters out, runs of spaces as one, trimmed. */
const clean = (text: string) =>
  text
    .replace(CONTROL, " ")
    .replace(/[ \t\u00A0]+/g, " ")
    .trim();

/** Every run of white space holding a line break becomes one space; other runs stay as they are. */
const joinLines = (text: string) => text.replace(/\s+/g, (run) => (run.includes("\n") ? " " : run));

/** Splits running text into paragraphs (blank lines, or a line ending a sentence). */
function paragraphs(text: string, budget?: CharBudget): string[] {
  const out: string[] = [];
  for (const part of text.split(/\n\s*\n/)) {
    const p = clean(joinLines(part));
    if (!p) continue;
    budget?.take(p.length);
    out.push(p);
  }
  return out;
}

/** Gives blocks without pages of their own one page per PAGE_CHARS characters. */
function paginate(blocks: Block[]): Page[] {
  const pages: Page[] = [];
  let used = PAGE_CHARS;
  for (const block of blocks) {
    if (used >= PAGE_CHARS) {
      pages.push({ page: pages.length + 1, blocks: [] });
      used = 0;
    }
    pages[pages.length - 1].blocks.push(block);
    used += block.text.length;
  }
  return pages;
}

// PDF

type PdfProxy = Awaited<ReturnType<typeof import("unpdf").getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfProxy["getPage"]>>;

/**
 * The most pdf.js may inflate while one page is read (its content streams, and the fonts it
 * loads first). A page's text is a few kilobytes; a page of 100 MB of compressed text fits in a
 * 98 kB file. Past this, the page is refused as an archive that expands too far.
 */
const PDF_PAGE_INFLATED_MAX = 32 * 1024 * 1024;

/** Opens the PDF; encrypted ones (pdf.js asks for a password) are a PDF with no text we can read. */
async function openPdf(bytes: Uint8Array): Promise<PdfProxy> {
  const { getDocumentProxy } = await import("unpdf");
  try {
    // verbosity 0: pdf.js's warnings about a damaged file would go to the console, unstructured.
    return await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false, verbosity: 0 });
  } catch (error) {
    const name = (error as { name?: string }).name ?? "";
    if (name === "PasswordException") throw new SourceFailure("source:no-text", "pdf", "encrypted");
    throw new SourceFailure("source:no-text", "pdf", `unreadable PDF (${name || "error"})`);
  }
}

/** The PDF's number of pages, from its page tree (nothing of the pages is read). */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const pdf = await openPdf(bytes);
  try {
    return pdf.numPages;
  } finally {
    await pdf.destroy();
  }
}

/** What pdf.js inflated for the page being read, and whether it passed the cap. */
type Inflated = { bytes: number; passed: boolean };

/**
 * Runs `work` with the global DecompressionStream (which pdf.js uses to inflate a stream whole,
 * before reading it) counting into `inflated` and ending each stream early once the page's total
 * passes PDF_PAGE_INFLATED_MAX: a PDF bomb is cut after that many bytes, not after 100 MB. The
 * reading worker runs one reader at a time, so swapping the global there touches nothing else.
 */
async function withInflateCap<T>(inflated: Inflated, work: () => Promise<T>): Promise<T> {
  const Native = globalThis.DecompressionStream;
  class CappedDecompressionStream {
    readonly readable: ReadableStream<Uint8Array>;
    readonly writable: WritableStream<BufferSource>;
    constructor(format: CompressionFormat) {
      const inner = new Native(format);
      this.writable = inner.writable;
      const reader = inner.readable.getReader();
      this.readable = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { value, done } = await reader.read();
          if (done) return controller.close();
          inflated.bytes += value.byteLength;
          if (inflated.bytes > PDF_PAGE_INFLATED_MAX) {
            inflated.passed = true;
            controller.close();
            await reader.cancel(new Error("inflated past the page's cap")).catch(() => {});
            return;
          }
          controller.enqueue(value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
    }
  }
  globalThis.DecompressionStream = CappedDecompressionStream as unknown as typeof DecompressionStream;
  try {
    return await work();
  } finally {
    globalThis.DecompressionStream = Native;
  }
}

/** One page's text, streamed: stops as soon as the budget or the page's inflate cap is passed. */
async function pageText(page: PdfPage, budget: CharBudget, inflated: Inflated): Promise<string> {
  const reader = page.streamTextContent().getReader();
  const parts: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (inflated.passed) throw new SourceFailure("source:unsafe-archive", "pdf", "a page inflates past its cap");
      if (done) break;
      for (const item of value.items) {
        if (!("str" in item)) continue;
        budget.take(item.str.length);
        parts.push(item.str, item.hasEOL ? "\n" : "");
      }
    }
  } catch (error) {
    await reader.cancel(error instanceof Error ? error : new Error(String(error))).catch(() => {});
    throw error;
  }
  return parts.join("");
}

export async function pdfPages(bytes: Uint8Array, budget: CharBudget, onProgress?: Progress): Promise<Page[]> {
  const pdf = await openPdf(bytes);
  const pages: Page[] = [];
  let characters = 0;
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      const inflated: Inflated = { bytes: 0, passed: false };
      const text = await withInflateCap(inflated, async () => {
        const page = await pdf.getPage(n);
        try {
          return await pageText(page, budget, inflated);
        } finally {
          page.cleanup();
        }
      });
      const blocks = paragraphs(text).map((p) => ({ headings: [], text: p }));
      for (const block of blocks) characters += block.text.replace(/\s/g, "").length;
      pages.push({ page: n, blocks });
      if (onProgress && (n % 10 === 0 || n === pdf.numPages)) await onProgress(n, pdf.numPages);
    }
  } finally {
    await pdf.destroy();
  }
  // A scan has at most stray characters (page numbers): not enough to learn anything from.
  if (characters < Math.max(20, 5 * pages.length)) throw new SourceFailure("source:no-text", "pdf", "no text layer");
  return pages;
}

// HTML (DOCX through mammoth, web pages through Readability)

const BLOCKS = new Set("H1 H2 H3 H4 H5 H6 P LI PRE BLOCKQUOTE TD TH DT DD FIGCAPTION".split(" "));

type HtmlNode = { nodeType: number; tagName?: string; textContent: string | null; childNodes: ArrayLike<HtmlNode> };

/**
 * Headings and paragraphs of an HTML fragment, in order, each with the headings above it. The
 * markup is flattened past MAX_HTML_DEPTH first (html-depth.ts: parsing costs as much per element
 * as the page is deep), and the tree is walked once, without recursion: a block's text is read
 * with its descendants, which are then not visited, so no text is read twice.
 */
export async function htmlBlocks(html: string, budget?: CharBudget): Promise<Block[]> {
  const { parseHTML } = await import("linkedom");
  const { document } = parseHTML(`<!doctype html><html><body>${boundedDepth(html).html}</body></html>`);
  const blocks: Block[] = [];
  const path: string[] = [];
  const stack: HtmlNode[] = [document.body as unknown as HtmlNode];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const tag = node.nodeType === 1 ? (node.tagName ?? "").toUpperCase() : "";
    if (BLOCKS.has(tag)) {
      const text = clean((node.textContent ?? "").replace(/\s+/g, " "));
      if (!text) continue;
      if (tag[0] === "H") {
        const level = Number(tag[1]);
        path.length = Math.min(path.length, level - 1);
        path.push(text.slice(0, 200));
        continue;
      }
      budget?.take(text.length);
      blocks.push({ headings: [...path], text });
      continue;
    }
    // Children pushed last first, so they are visited in document order.
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) if (children[i].nodeType === 1) stack.push(children[i]);
  }
  return blocks;
}

export async function docxPages(bytes: Buffer, maxInflated: number, budget: CharBudget): Promise<Page[]> {
  // Inflated here first, bounded: mammoth inflates without a ceiling (zip.ts). The body's text is
  // counted from its XML before mammoth reads it, so a document over the budget stops here.
  const body = readZip(bytes, maxInflated, (name) => name === "word/document.xml").get("word/document.xml");
  if (body) xmlParagraphs(body.toString("utf8"), { paragraph: "w:p", text: "w:t" }, (chars) => budget.take(chars));
  const mammoth = (await import("mammoth")).default;
  const { value } = await mammoth.convertToHtml({ buffer: bytes });
  return paginate(await htmlBlocks(value));
}

// PPTX: one page per slide

export function slideNames(names: Iterable<string>): string[] {
  const number = (name: string) => Number(name.slice("ppt/slides/slide".length, -".xml".length));
  return [...names]
    .filter((name) => /^ppt\/slides\/slide\d{1,6}\.xml$/.test(name))
    .sort((a, b) => number(a) - number(b));
}

export function pptxPages(bytes: Buffer, maxInflated: number, budget: CharBudget): Page[] {
  const files = readZip(bytes, maxInflated, (name) => name.startsWith("ppt/slides/slide"));
  return slideNames(files.keys()).map((name, i) => {
    const paras = xmlParagraphs(files.get(name)!.toString("utf8"), { paragraph: "a:p", text: "a:t" }, (chars) =>
      budget.take(chars),
    )
      .map(clean)
      .filter(Boolean);
    // The slide's first line is its title: the heading of what it says.
    const [title, ...rest] = paras;
    const blocks = rest.length
      ? rest.map((text) => ({ headings: [title], text }))
      : paras.map((text) => ({ headings: [], text }));
    return { page: i + 1, blocks };
  });
}

// Text and Markdown

export function textPages(text: string, budget?: CharBudget): Page[] {
  return paginate(paragraphs(text.replace(/\r\n?/g, "\n"), budget).map((p) => ({ headings: [], text: p })));
}

/**
 * `text.indexOf(char, from)` for `from`s that only grow: the last answer is reused while it still
 * holds, so each character of the text is looked at once in all.
 */
function nextIndexer(text: string, char: string) {
  let searchedFrom = Infinity;
  let found = -1;
  return (from: number) => {
    if (from >= searchedFrom && (found === -1 || found >= from)) return found;
    searchedFrom = from;
    found = text.indexOf(char, from);
    return found;
  };
}

/**
 * `[text](address)` and `![alt](address)` as their text, in one pass: each `]` and `)` looked for
 * is found once and remembered, so a line of ten thousand `[` costs ten thousand steps, not fifty
 * million.
 */
export function linkTexts(text: string): string {
  if (!text.includes("](")) return text;
  const nextClose = nextIndexer(text, "]");
  const nextParen = nextIndexer(text, ")");
  let out = "";
  let copied = 0;
  let at = text.indexOf("[");
  while (at >= 0) {
    const close = nextClose(at + 1);
    if (close < 0) break;
    if (text[close + 1] !== "(") {
      at = text.indexOf("[", at + 1);
      continue;
    }
    const paren = nextParen(close + 2);
    if (paren < 0) break;
    const image = at > copied && text[at - 1] === "!";
    out += text.slice(copied, image ? at - 1 : at) + text.slice(at + 1, close);
    copied = paren + 1;
    at = text.indexOf("[", copied);
  }
  return out + text.slice(copied);
}

/** An ATX heading (`## Title ##`): its level and text, else null. */
function markdownHeading(line: string): { level: number; text: string } | null {
  let level = 0;
  while (level < line.length && line[level] === "#") level++;
  if (level < 1 || level > 6 || !/\s/.test(line[level] ?? "")) return null;
  let text = line.slice(level).trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === "#") end--;
  text = text.slice(0, end).trim();
  return { level, text };
}

/** Markdown's headings become the heading path; the rest is read as text, its marks dropped. */
export function markdownPages(markdown: string, budget?: CharBudget): Page[] {
  const blocks: Block[] = [];
  const path: string[] = [];
  let fenced = false;
  let current: string[] = [];
  const flush = () => {
    const text = clean(
      linkTexts(current.join(" "))
        .replace(/[*_`~]+/g, "")
        .replace(/\s+/g, " "),
    );
    if (text) {
      budget?.take(text.length);
      blocks.push({ headings: [...path], text });
    }
    current = [];
  };
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    const start = line.trimStart();
    if (start.startsWith("```") || start.startsWith("~~~")) {
      fenced = !fenced;
      continue;
    }
    const heading = fenced ? null : markdownHeading(line);
    if (heading) {
      flush();
      path.length = Math.min(path.length, heading.level - 1);
      path.push(clean(heading.text).slice(0, 200));
    } else if (!start) flush();
    else current.push(fenced ? line : line.replace(/^\s*([-*+]|\d+[.)]|>)\s+/, ""));
  }
  flush();
  return paginate(blocks);
}

// Web pages

/**
 * Readability finds the article of a page (menus, footers and asides left out), at a cost that
 * grows with the page's elements times its depth (it looks below and above each one). It reads
 * pages within these bounds (a long article is about 5,000 elements and 30 deep); past them the
 * page's whole body is read as it is (htmlBlocks is linear), so no page can cost minutes.
 */
const READABILITY_MAX_ELEMENTS = 30_000;
const READABILITY_MAX_DEPTH = 48;

/** The readable part of a web page (Readability), else its whole body. */
export async function webPages(
  page: string,
  url: string,
  budget?: CharBudget,
): Promise<{ title: string; pages: Page[] }> {
  const { parseHTML } = await import("linkedom");
  // Parsing is as costly as the page is deep: a page nested past any real one's depth is flattened first.
  const { html, elements, deepest } = boundedDepth(page);
  const { document } = parseHTML(html);
  const fallbackTitle = clean(document.querySelector("title")?.textContent ?? "") || new URL(url).hostname;
  let article: { title?: string | null; content?: string | null } | null = null;
  if (elements <= READABILITY_MAX_ELEMENTS && deepest <= READABILITY_MAX_DEPTH) {
    const { Readability } = await import("@mozilla/readability");
    try {
      // Readability changes the document it reads: it gets its own copy.
      article = new Readability(parseHTML(html).document as unknown as Document, {
        charThreshold: 100,
        maxElemsToParse: READABILITY_MAX_ELEMENTS,
      }).parse();
    } catch {
      article = null;
    }
  }
  const body = article?.content ?? document.body?.innerHTML ?? "";
  return { title: clean(article?.title ?? "") || fallbackTitle, pages: paginate(await htmlBlocks(body, budget)) };
}
