/**
 * Material made to hurt the reader (issue 32 item 1), built by the tests that use it (nothing
 * downloaded): each one small as a file and costly to read when a step of the reading is not
 * linear in its input, not bounded, or runs on the server's event loop. Plain JavaScript, so the
 * Jest tests and the production-build check (scripts/check-uploads.mjs) share them.
 */
import { deflateSync } from "node:zlib";
import { docxParts, makeZip } from "./source-documents.mjs";

const SLIDE_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody>';

/** A PPTX of one slide whose XML is `body` (a few kilobytes zipped whatever its length). */
export function pptxWithSlide(body) {
  return makeZip(
    {
      "[Content_Types].xml":
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>',
      "ppt/presentation.xml":
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
      "ppt/slides/slide1.xml": SLIDE_HEAD + body,
    },
    9,
  );
}

/** The 2.2 kB PPTX: one slide of `<a:p ` repeated, never closed (31 s of frozen server before). */
export const unclosedParagraphsPptx = (repeats = 400_000) => pptxWithSlide("<a:p ".repeat(repeats));

/** The TXT: a run of 300,000 spaces inside a paragraph (41 s of frozen server before). */
export const spaceRunText = (spaces = 300_000) => `A paragraph begins.${" ".repeat(spaces)}x\nand ends here.\n`;

/**
 * Markdown as long as Free allows (30 pages of 3,000 characters) of what made its regular
 * expressions quadratic: opening brackets with no closing one, a heading whose text is spaces.
 */
export function bracketMarkdown(chars = 89_000) {
  const half = Math.floor(chars / 2);
  return `# ${" ".repeat(half)}x\n\n${"![".repeat(Math.floor(half / 2))}\n`;
}

/** Pasted text as long as Free allows, of ordinary sentences: the cost of reading a full allowance. */
export function freeMaximumText(chars = 89_000) {
  const sentences = [
    "Rivers carry water and sediment from the mountains to the sea.",
    "The delta grows a little every year where the river slows down.",
    "Farmers plant rice on the flat wet land near the mouth of the river.",
    "Storms in the wet season can move the main channel by several kilometres.",
  ];
  let text = "";
  for (let i = 0; text.length < chars - 100; i++)
    text += sentences[i % sentences.length] + (i % 5 === 4 ? "\n\n" : " ");
  return text;
}

/**
 * A one-page PDF whose content stream is `inflatedBytes` of text operators, deflated: the
 * issue's 98 kB PDF holding 100 MB of text (2.56 GB and 20 s of unanswered health before).
 * The same character repeated compresses best, as in the file.
 */
export function pdfBomb(inflatedBytes = 100_000_000, line = `BT /F1 11 Tf 72 770 Td (${"A".repeat(4000)}) Tj ET\n`) {
  const stream = deflateSync(Buffer.from(line.repeat(Math.ceil(inflatedBytes / line.length)), "latin1"), {
    level: 9,
  });
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
  ];
  const parts = [Buffer.from("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n", "latin1")];
  let length = parts[0].length;
  const push = (buffer) => {
    parts.push(buffer);
    length += buffer.length;
  };
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, "latin1"));
  });
  offsets.push(length);
  push(Buffer.from(`5 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, "latin1"));
  push(stream);
  push(Buffer.from("\nendstream\nendobj\n", "latin1"));
  const xref = length;
  let tail = `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, "0")} 00000 n \n`;
  tail += `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  push(Buffer.from(tail, "latin1"));
  return Buffer.concat(parts);
}

/**
 * A DOCX whose one small entry is named by `copies` central-directory entries (an "overlapping"
 * zip): inflating every entry would read the same bytes `copies` times.
 */
export function overlappingZip(copies = 2000) {
  const zip = makeZip({
    "[Content_Types].xml": "<Types/>",
    "word/document.xml": `<w:document>${"<w:p><w:r><w:t>x</w:t></w:r></w:p>".repeat(2000)}</w:document>`,
  });
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const cdOffset = zip.readUInt32LE(eocd + 16);
  const central = zip.subarray(cdOffset, eocd);
  // The document's central entry, repeated under new names, all pointing at the same data.
  let at = 0;
  let documentEntry = null;
  while (at < central.length) {
    const nameLength = central.readUInt16LE(at + 28);
    const size = 46 + nameLength + central.readUInt16LE(at + 30) + central.readUInt16LE(at + 32);
    const name = central.toString("utf8", at + 46, at + 46 + nameLength);
    if (name === "word/document.xml") documentEntry = central.subarray(at, at + size);
    at += size;
  }
  const copiesOf = [];
  for (let i = 0; i < copies; i++) {
    const copy = Buffer.from(documentEntry);
    // Same name length as "word/document.xml" (17): "word/d" + 7 digits + ".xml".
    copy.write(`word/d${String(i).padStart(7, "0")}.xml`, 46, "utf8");
    copiesOf.push(copy);
  }
  const newCentral = Buffer.concat([central, ...copiesOf]);
  const end = Buffer.from(zip.subarray(eocd, eocd + 22));
  const count = end.readUInt16LE(10) + copies;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(newCentral.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([zip.subarray(0, cdOffset), newCentral, end]);
}

/** A web page nested `depth` elements deep with `paragraphs` paragraphs at the bottom. */
export const deepHtml = (depth = 50_000, paragraphs = 2000) =>
  `<!doctype html><html><head><title>Deep</title></head><body>${"<div>".repeat(depth)}${"<p>Words at the bottom of a deep page.</p>".repeat(paragraphs)}</body></html>`;

/**
 * A one-page PDF of `inflatedBytes` of short text operators (under the page's inflate cap): tens
 * of thousands of text items, many seconds of pdf.js's time, for a reading that passes its deadline.
 */
export const manyTextItemsPdf = (inflatedBytes = 20_000_000) =>
  pdfBomb(inflatedBytes, "BT /F1 11 Tf 72 770 Td (All work and no play makes a dull page.) Tj ET\n");

/** A DOCX of `count` one-word paragraphs: small zipped, a document tree far larger than a small heap. */
export function manyParagraphsDocx(count = 600_000) {
  const parts = docxParts([{ text: "start" }]);
  parts["word/document.xml"] = parts["word/document.xml"].replace(
    "</w:body>",
    `${"<w:p><w:r><w:t>word</w:t></w:r></w:p>".repeat(count)}</w:body>`,
  );
  return makeZip(parts, 9);
}
