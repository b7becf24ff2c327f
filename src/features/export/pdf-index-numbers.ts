import { ChromiumPdf, decodeName, refArray, refNumber } from "./pdf-file";

/**
 * An Index entry's page-number cell, as the print view laid it out: what the printer needs to
 * write the number where the browser would have. Lengths are in PDF points.
 */
export type IndexCell = {
  /** The id of the heading the entry links to (the link's named destination). */
  dest: string;
  fontSize: number;
  bold: boolean;
  /** 0–1 each. */
  color: [number, number, number];
  /** From the top of the entry's link to the number's baseline. */
  baseline: number;
  /** From the link's end edge (right, or left when `rtl`) to the number's. */
  inset: number;
  rtl: boolean;
};

/** Helvetica's figures are all 556/1000 em wide (the regular and the bold), so a number's width is known without its metrics. */
const FIGURE_WIDTH = 0.556;

/**
 * Writes the Index's page numbers into a PDF Chromium printed, so the course is printed once.
 * Chromium has no CSS target-counter, but its PDF holds what the numbers need: each Index entry
 * is a link annotation with its box, and each link's named destination is the page its heading
 * landed on. Each number is drawn in the entry's box, at the baseline and inset the print view
 * measured, in Helvetica (one of the fonts every PDF reader has; figures only). They are drawn
 * as artifacts: the link itself stays the tagged content.
 */
export function numberIndex(bytes: Buffer, cells: IndexCell[]): { pdf: Buffer; numbered: number } {
  if (cells.length === 0) return { pdf: bytes, numbered: 0 };
  const pdf = new ChromiumPdf(bytes);
  const byDest = new Map(cells.map((cell) => [cell.dest, cell]));
  const pageOf = pdf.destinationPages();
  let nextId = pdf.size;
  const fonts = { regular: nextId++, bold: nextId++ };
  const updates = new Map<number, string>();
  const done = new Set<string>();

  for (const pageId of pdf.pages()) {
    const page = pdf.object(pageId);
    const annots = refNumber(page, "Annots");
    const links = annots === undefined ? refArray(page, "Annots") : refArray(`/A ${pdf.object(annots)}`, "A");
    const drawn: string[] = [];
    for (const linkId of links) {
      const link = pdf.object(linkId);
      const dest = /\/Dest\s*\/([^\s/[\]<>()]+)/.exec(link)?.[1];
      const cell = dest === undefined ? undefined : byDest.get(decodeName(dest));
      const number = cell ? pageOf.get(cell.dest) : undefined;
      const rect = /\/Rect\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/.exec(link);
      if (!cell || !number || !rect || done.has(cell.dest)) continue;
      done.add(cell.dest);
      const [x1, y1, x2, y2] = rect.slice(1).map(Number);
      const digits = String(number);
      const width = digits.length * FIGURE_WIDTH * cell.fontSize;
      const x = cell.rtl ? Math.min(x1, x2) + cell.inset : Math.max(x1, x2) - cell.inset - width;
      const y = Math.max(y1, y2) - cell.baseline;
      const font = cell.bold ? "AulaFB" : "AulaF";
      drawn.push(
        `BT /${font} ${fixed(cell.fontSize)} Tf ${cell.color.map(fixed).join(" ")} rg ${fixed(x)} ${fixed(y)} Td (${digits}) Tj ET`,
      );
    }
    if (drawn.length === 0) continue;
    // The page's own content may leave its graphics state changed: it is wrapped in q … Q so the
    // numbers are drawn in the page's default coordinates.
    const open = nextId++;
    const numbers = nextId++;
    updates.set(open, stream("q"));
    updates.set(numbers, stream(`Q\n/Artifact BMC\nq\n${drawn.join("\n")}\nQ\nEMC`));
    updates.set(pageId, withFonts(pdf, withContents(page, open, numbers), fonts));
  }
  if (updates.size === 0) return { pdf: bytes, numbered: 0 };
  updates.set(fonts.regular, helvetica("Helvetica"));
  updates.set(fonts.bold, helvetica("Helvetica-Bold"));
  return { pdf: pdf.withUpdate(updates), numbered: done.size };
}

function fixed(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

function stream(content: string): string {
  return `<</Length ${Buffer.byteLength(content, "latin1")}>>\nstream\n${content}\nendstream`;
}

function helvetica(name: string): string {
  return `<</Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding>>`;
}

/** The page's contents between the opening `q` and the numbers. */
function withContents(page: string, open: number, numbers: number): string {
  const list = /\/Contents\s*\[([^\]]*)\]/.exec(page);
  const single = /\/Contents\s+(\d+\s+\d+\s+R)/.exec(page);
  const own = list ? list[1].trim() : single ? single[1] : "";
  const contents = `/Contents [${open} 0 R ${own} ${numbers} 0 R]`;
  if (list) return page.replace(list[0], () => contents);
  if (single) return page.replace(single[0], () => contents);
  return page.replace(/>>\s*$/, () => `${contents}>>`);
}

/** The page with the two fonts added to its resources (written into the page, inline). */
function withFonts(pdf: ChromiumPdf, page: string, fonts: { regular: number; bold: number }): string {
  const entries = `/AulaF ${fonts.regular} 0 R /AulaFB ${fonts.bold} 0 R `;
  const addFont = (resources: string) => {
    const fontRef = refNumber(resources, "Font");
    if (fontRef !== undefined)
      return resources.replace(
        /\/Font\s+\d+\s+\d+\s+R/,
        () => `/Font ${pdf.object(fontRef).replace(/^<</, () => `<<${entries}`)}`,
      );
    if (/\/Font\s*<</.test(resources)) return resources.replace(/\/Font\s*<</, () => `/Font <<${entries}`);
    return resources.replace(/^<</, () => `<</Font <<${entries}>> `);
  };
  const resourcesRef = refNumber(page, "Resources");
  if (resourcesRef !== undefined)
    return page.replace(/\/Resources\s+\d+\s+\d+\s+R/, () => `/Resources ${addFont(pdf.object(resourcesRef))}`);
  if (/\/Resources\s*<</.test(page)) {
    const start = page.search(/\/Resources\s*<</) + "/Resources".length;
    const end = matchingClose(page, page.indexOf("<<", start));
    return page.slice(0, start) + " " + addFont(page.slice(page.indexOf("<<", start), end)) + page.slice(end);
  }
  return page.replace(/>>\s*$/, () => `/Resources <</Font <<${entries}>>>>>>`);
}

/** The index just past the `>>` closing the dictionary opened at `at`. */
function matchingClose(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length - 1; i++) {
    if (text[i] === "<" && text[i + 1] === "<") {
      depth++;
      i++;
    } else if (text[i] === ">" && text[i + 1] === ">") {
      depth--;
      i++;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}
