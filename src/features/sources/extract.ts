import "server-only";
import { readZip } from "./zip";

/**
 * Text out of each kind of material, page by page, with its structure (headings, paragraphs):
 * PDF with unpdf (pdf.js), DOCX with mammoth (to HTML), PPTX from its slides' XML (one page per
 * slide), web pages with Readability on linkedom, text and Markdown as they are. Kinds without
 * pages (DOCX, text, web pages) get one every PAGE_CHARS characters, which is also how their
 * pages count against the plan (decision 023).
 */

export type Block = { headings: string[]; text: string };
export type Page = { page: number; blocks: Block[] };

/** Characters of a page where the material has none of its own (about one printed page). */
export const PAGE_CHARS = 3000;

export class NoTextError extends Error {
  constructor(reason: string) {
    super(`no readable text: ${reason}`);
    this.name = "NoTextError";
  }
}

export type Progress = (read: number, total: number) => Promise<void> | void;

const clean = (text: string) =>
  text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, " ")
    .replace(/[ \t\u00A0]+/g, " ")
    .trim();

/** Splits running text into paragraphs (blank lines, or a line ending a sentence). */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => clean(p.replace(/\s*\n\s*/g, " ")))
    .filter(Boolean);
}

/** Gives blocks without pages of their own one page per PAGE_CHARS characters. */
export function paginate(blocks: Block[]): Page[] {
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

/** The number of pages a kind without pages counts as. */
export const pagesOfText = (chars: number) => Math.max(1, Math.ceil(chars / PAGE_CHARS));

// PDF

type PdfProxy = Awaited<ReturnType<typeof import("unpdf").getDocumentProxy>>;

/** Opens the PDF; encrypted ones (pdf.js asks for a password) are a PDF with no text we can read. */
export async function openPdf(bytes: Uint8Array): Promise<PdfProxy> {
  const { getDocumentProxy } = await import("unpdf");
  try {
    return await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false });
  } catch (error) {
    const name = (error as { name?: string }).name ?? "";
    if (name === "PasswordException") throw new NoTextError("encrypted");
    throw new NoTextError(`unreadable PDF (${name || "error"})`);
  }
}

export async function pdfPages(bytes: Uint8Array, onProgress?: Progress): Promise<Page[]> {
  const pdf = await openPdf(bytes);
  const pages: Page[] = [];
  let characters = 0;
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items) {
        if (!("str" in item)) continue;
        text += item.str + (item.hasEOL ? "\n" : "");
      }
      page.cleanup();
      const blocks = paragraphs(text).map((p) => ({ headings: [], text: p }));
      characters += blocks.reduce((sum, b) => sum + b.text.replace(/\s/g, "").length, 0);
      pages.push({ page: n, blocks });
      if (onProgress && (n % 10 === 0 || n === pdf.numPages)) await onProgress(n, pdf.numPages);
    }
  } finally {
    await pdf.destroy();
  }
  // A scan has at most stray characters (page numbers): not enough to learn anything from.
  if (characters < Math.max(20, 5 * pages.length)) throw new NoTextError("no text layer");
  return pages;
}

// HTML (DOCX through mammoth, web pages through Readability)

const BLOCKS = "h1,h2,h3,h4,h5,h6,p,li,pre,blockquote,td,th,dt,dd,figcaption";

/** Headings and paragraphs of an HTML fragment, in order, each with the headings above it. */
export async function htmlBlocks(html: string): Promise<Block[]> {
  const { parseHTML } = await import("linkedom");
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const blocks: Block[] = [];
  const path: string[] = [];
  for (const element of document.body.querySelectorAll(BLOCKS)) {
    // A paragraph inside a list item or a cell is read with it, not twice.
    if (element.parentElement?.closest(BLOCKS)) continue;
    const text = clean((element.textContent ?? "").replace(/\s+/g, " "));
    if (!text) continue;
    const level = /^H([1-6])$/.exec(element.tagName)?.[1];
    if (level) {
      path.length = Math.min(path.length, Number(level) - 1);
      path.push(text.slice(0, 200));
      continue;
    }
    blocks.push({ headings: [...path], text });
  }
  return blocks;
}

export async function docxPages(bytes: Buffer, maxInflated: number): Promise<Page[]> {
  // Inflated here first, bounded: mammoth inflates without a ceiling (zip.ts).
  readZip(bytes, maxInflated);
  const mammoth = (await import("mammoth")).default;
  const { value } = await mammoth.convertToHtml({ buffer: bytes });
  return paginate(await htmlBlocks(value));
}

// PPTX: one page per slide

const xmlText = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, "&");

export function slideNames(files: Map<string, Buffer>): string[] {
  return [...files.keys()]
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
}

export function pptxPages(bytes: Buffer, maxInflated: number): Page[] {
  const files = readZip(bytes, maxInflated);
  return slideNames(files).map((name, i) => {
    const xml = files.get(name)!.toString("utf8");
    const paras = [...xml.matchAll(/<a:p[ >][\s\S]*?<\/a:p>/g)]
      .map((m) => clean(xmlText([...m[0].matchAll(/<a:t(?: [^>]*)?>([\s\S]*?)<\/a:t>/g)].map((t) => t[1]).join(""))))
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

export function textPages(text: string): Page[] {
  return paginate(paragraphs(text.replace(/\r\n?/g, "\n")).map((p) => ({ headings: [], text: p })));
}

/** Markdown's headings become the heading path; the rest is read as text, its marks dropped. */
export function markdownPages(markdown: string): Page[] {
  const blocks: Block[] = [];
  const path: string[] = [];
  let fenced = false;
  let current: string[] = [];
  const flush = () => {
    const text = clean(
      current
        .join(" ")
        .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/[*_`~]+/g, "")
        .replace(/\s+/g, " "),
    );
    if (text) blocks.push({ headings: [...path], text });
    current = [];
  };
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    const heading = fenced ? null : /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      path.length = Math.min(path.length, heading[1].length - 1);
      path.push(clean(heading[2]).slice(0, 200));
    } else if (!line.trim()) flush();
    else current.push(fenced ? line : line.replace(/^\s*([-*+]|\d+[.)]|>)\s+/, ""));
  }
  flush();
  return paginate(blocks);
}

// Web pages

/** The readable part of a web page (Readability), else its whole body. */
export async function webPages(html: string, url: string): Promise<{ title: string; pages: Page[] }> {
  const { parseHTML } = await import("linkedom");
  const { Readability } = await import("@mozilla/readability");
  const { document } = parseHTML(html);
  const fallbackTitle = clean(document.querySelector("title")?.textContent ?? "") || new URL(url).hostname;
  // Readability changes the document it reads: it gets its own copy.
  const article = new Readability(parseHTML(html).document as unknown as Document, { charThreshold: 100 }).parse();
  const body = article?.content ?? document.body?.innerHTML ?? "";
  return { title: clean(article?.title ?? "") || fallbackTitle, pages: paginate(await htmlBlocks(body)) };
}
