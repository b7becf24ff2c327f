/**
 * Every step of reading material is linear in its input (issue 32 item 1): the inputs that made
 * the earlier regular expressions, the HTML walk and the zip reader quadratic are read here in
 * well under a second (each took from tens of seconds to minutes before), and each reader stops
 * at the plan's character budget instead of collecting everything first.
 */
import {
  bracketMarkdown,
  deepHtml,
  overlappingZip,
  pdfBomb,
  pptxWithSlide,
  spaceRunText,
  unclosedParagraphsPptx,
} from "../../../tests/fakes/hostile-documents.mjs";
import { makePdf, makePptx } from "../../../tests/fakes/source-documents.mjs";
import { checkCitations } from "./citations";
import { leadSentences } from "./digest";
import {
  CharBudget,
  countedPages,
  htmlBlocks,
  linkTexts,
  markdownPages,
  pdfPages,
  pptxPages,
  textPages,
  webPages,
} from "./extract";
import { sourceFailure } from "./failure";
import { xmlParagraphs } from "./xml-text";
import { readZip } from "./zip";

/** Far above what these linear readers take, even on a busy machine; far below the quadratic ones. */
const LINEAR_MS = 2000;
const MB = 1024 * 1024;
const plenty = () => new CharBudget(Number.MAX_SAFE_INTEGER);

async function timed<T>(work: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** The faster of two runs: one run can be slowed by anything else on the machine. */
async function bestOfTwo<T>(work: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const first = await timed(work);
  const second = await timed(work);
  return first.ms <= second.ms ? first : second;
}

async function failureCodeOf(work: () => unknown): Promise<string | undefined> {
  try {
    await work();
  } catch (error) {
    return sourceFailure(error)?.code ?? `not a source failure: ${String(error)}`;
  }
  return undefined;
}

describe("reading is linear in what it reads", () => {
  it("reads a slide of 400,000 unclosed `<a:p ` (the issue's 2 kB PPTX) at once, finding no text", async () => {
    const file = unclosedParagraphsPptx(400_000);
    expect(file.length).toBeLessThan(10_000);
    const { value, ms } = await timed(() => pptxPages(file, 100 * MB, plenty()));
    expect(ms).toBeLessThan(LINEAR_MS);
    expect(value).toEqual([{ page: 1, blocks: [] }]);
  });

  it("reads unclosed text runs and a tag that never ends as quickly", async () => {
    for (const body of [`<a:p>${"<a:t>x".repeat(200_000)}</a:p>`, `<a:p>${"<a:t ".repeat(200_000)}`]) {
      const { ms } = await timed(() => pptxPages(pptxWithSlide(body), 100 * MB, plenty()));
      expect(ms).toBeLessThan(LINEAR_MS);
    }
  });

  it("reads a run of 300,000 spaces in a text file (the issue's TXT) as one space", async () => {
    const { value, ms } = await timed(() => textPages(spaceRunText(300_000)));
    expect(ms).toBeLessThan(LINEAR_MS);
    expect(value[0].blocks[0].text).toBe("A paragraph begins. x and ends here.");
  });

  it("reads Markdown as long as Free allows of unclosed brackets and a heading of spaces", async () => {
    const { value, ms } = await timed(() => markdownPages(bracketMarkdown(89_000)));
    expect(ms).toBeLessThan(LINEAR_MS);
    expect(value[0].blocks[0].headings).toEqual(["x"]);
    for (const text of ["[".repeat(100_000) + "](", "](".repeat(100_000), "[a](".repeat(50_000)]) {
      expect((await timed(() => linkTexts(text))).ms).toBeLessThan(LINEAR_MS);
    }
  });

  it("walks a web page nested 50,000 elements deep once, paragraphs and all", async () => {
    // Timed against itself, not the clock: the walk of a page four times as deep must take about
    // four times as long (a quadratic walk takes sixteen), however busy the machine is.
    const shallow = await bestOfTwo(() => htmlBlocks(deepHtml(12_500, 2000)));
    const deep = await bestOfTwo(() => htmlBlocks(deepHtml(50_000, 2000)));
    expect(deep.value).toHaveLength(2000);
    expect(deep.ms / Math.max(shallow.ms, 1)).toBeLessThan(9);
    const page = await timed(() => webPages(deepHtml(50_000, 2000), "https://example.org/deep"));
    expect(page.value.pages.flatMap((p) => p.blocks).length).toBeGreaterThan(0);
    expect(page.ms).toBeLessThan(deep.ms * 8 + LINEAR_MS);
  });

  it("refuses a zip whose entries share their bytes before inflating them again and again", async () => {
    const { value, ms } = await timed(() => failureCodeOf(() => readZip(overlappingZip(2000), 4000 * MB)));
    expect(value).toBe("source:unsafe-archive");
    expect(ms).toBeLessThan(LINEAR_MS);
  });

  it("finds a summary's sentences and a citation's claim in one pass", async () => {
    expect((await timed(() => leadSentences(`${"a".repeat(200_000)}.b`))).ms).toBeLessThan(LINEAR_MS);
    expect((await timed(() => leadSentences(" ".repeat(200_000)))).ms).toBeLessThan(LINEAR_MS);
    const text = `${"word ".repeat(20_000)}${"[1] ".repeat(5_000)}${" ".repeat(100_000)}end.`;
    const excerpt = { sourceId: "s", sourceTitle: "T", pageFrom: 1, pageTo: 1, quote: "word" };
    expect((await timed(() => checkCitations(text, [excerpt]))).ms).toBeLessThan(LINEAR_MS * 2);
  });
});

describe("a PDF bomb and the plan's budget", () => {
  it("refuses a page that inflates past its cap (40 MB of text in a small file) as an unsafe archive", async () => {
    const file = pdfBomb(40 * MB);
    expect(file.length).toBeLessThan(200_000);
    expect(await failureCodeOf(() => pdfPages(file, plenty()))).toBe("source:unsafe-archive");
  });

  it("stops reading once the budget is passed, in every kind", async () => {
    const tooMuch = "source:too-many-pages";
    const budget = () => new CharBudget(10_000);
    // A page holds about 50 lines (pdf.js leaves out text below the page): five pages of them.
    const longPage = Array.from({ length: 50 }, (_, i) => `Line ${i} of a page that holds far too much text.`);
    expect(await failureCodeOf(() => pdfPages(makePdf(Array(5).fill(longPage)), budget()))).toBe(tooMuch);
    expect(await failureCodeOf(() => textPages("Some words here.\n\n".repeat(1000), budget()))).toBe(tooMuch);
    expect(await failureCodeOf(() => markdownPages("Some words here.\n\n".repeat(1000), budget()))).toBe(tooMuch);
    const deck = makePptx([{ title: "One", lines: Array(5).fill(longPage).flat() }]);
    expect(await failureCodeOf(() => pptxPages(deck, 100 * MB, budget()))).toBe(tooMuch);
    expect(await failureCodeOf(() => htmlBlocks("<p>Some words here.</p>".repeat(1000), budget()))).toBe(tooMuch);
  });

  it("counts a page of a PDF or a slide by its characters when they are more than a page's", async () => {
    const dense = Array.from(
      { length: 50 },
      (_, i) => `Line ${i} of a dense page, ${"with many more words ".repeat(4)}`,
    );
    const pages = await pdfPages(makePdf([dense, dense, ["A short page with a few words."]]), plenty());
    expect(pages).toHaveLength(3);
    const chars = pages.flatMap((p) => p.blocks).reduce((n, b) => n + b.text.length, 0);
    // Over 9,000 characters on three pages: counted as pages of 3,000 characters.
    expect(chars).toBeGreaterThan(9000);
    expect(countedPages(pages)).toBe(Math.ceil(chars / 3000));
    expect(countedPages(pages)).toBeGreaterThan(pages.length);
    expect(countedPages(pptxPages(makePptx([{ title: "Short", lines: ["one line"] }]), 100 * MB, plenty()))).toBe(1);
  });
});

describe("what the linear readers read", () => {
  it("takes a slide's paragraphs and runs, entities decoded, and leaves an open paragraph out", () => {
    const xml =
      '<a:p><a:pPr algn="l"/><a:r><a:t>Fish &amp; chips</a:t></a:r><a:r><a:t xml:space="preserve"> &#233;t&#xE9;</a:t></a:r></a:p>' +
      "<a:p><a:r><a:t/></a:r></a:p><a:t>outside</a:t><a:p><a:t>&#99999999;</a:t></a:p><a:p><a:t>never closed";
    expect(xmlParagraphs(xml, { paragraph: "a:p", text: "a:t" })).toEqual(["Fish & chips été", "", "\uFFFD"]);
  });

  it("keeps a link's and a picture's text, and leaves brackets that are no link", () => {
    expect(linkTexts("See [the guide](https://x.org) and ![a map](m.png) [not a link] [x](")).toBe(
      "See the guide and a map [not a link] [x](",
    );
    const md = markdownPages("# Title ##\n\nText with [a link](u).\n\n####### not a heading\n\n#also not");
    expect(md[0].blocks.map((b) => [b.headings, b.text])).toEqual([
      [["Title"], "Text with a link."],
      [["Title"], "####### not a heading"],
      [["Title"], "#also not"],
    ]);
  });
});
