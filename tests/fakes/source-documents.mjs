/**
 * Documents made for the tests, the grounding eval and the benchmark (nothing downloaded): a
 * small PDF writer (Helvetica, WinAnsi text, one text object per line; also encrypted and
 * text-less "scans"), and DOCX and PPTX as the zips Word and PowerPoint write, reduced to the
 * parts readers need. Plain JavaScript so scripts/*.mjs share them with the Jest tests.
 */
import { zipSync, strToU8 } from "fflate";

/** A PDF string literal in WinAnsi (Latin-1 for the accented letters of pt/es/fr/de). */
function pdfString(text) {
  let out = "(";
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (ch === "(" || ch === ")" || ch === "\\") out += `\\${ch}`;
    else if (code >= 32 && code < 127) out += ch;
    else if (code >= 160 && code <= 255) out += `\\${code.toString(8).padStart(3, "0")}`;
    else out += "?";
  }
  return `${out})`;
}

/**
 * A PDF of `pages` (each an array of lines). `encrypted`: a Standard security handler whose
 * user password is not empty (readers ask for it). `scanned`: pages with only a drawn shape.
 */
export function makePdf(pages, { encrypted = false, scanned = false } = {}) {
  const objects = [];
  const add = (body) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add(null);
  const pagesObj = add(null);
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const kids = [];
  for (const lines of pages) {
    let stream;
    if (scanned) stream = "0.5 g 72 72 400 600 re f";
    else {
      stream = "BT /F1 11 Tf 14 TL 72 770 Td";
      for (const line of lines) stream += ` ${pdfString(line)} Tj T*`;
      stream += " ET";
    }
    const content = add(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  let encrypt = "";
  if (encrypted) {
    const hex = (byte) => byte.repeat(32);
    const id = add(`<< /Filter /Standard /V 1 /R 2 /O <${hex("ab")}> /U <${hex("cd")}> /P -44 >>`);
    encrypt = ` /Encrypt ${id} 0 R /ID [<${"12".repeat(16)}> <${"12".repeat(16)}>]`;
  }
  let out = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

const xmlEscape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function makeZip(files, level = 6) {
  const entries = {};
  for (const [name, content] of Object.entries(files))
    entries[name] = typeof content === "string" ? strToU8(content) : new Uint8Array(content);
  return Buffer.from(zipSync(entries, { level }));
}

/** A DOCX of blocks: `{ heading: "…", level }` or `{ text: "…" }` paragraphs. */
export function docxParts(blocks) {
  const body = blocks
    .map((b) =>
      b.heading !== undefined
        ? `<w:p><w:pPr><w:pStyle w:val="Heading${b.level ?? 1}"/></w:pPr><w:r><w:t xml:space="preserve">${xmlEscape(b.heading)}</w:t></w:r></w:p>`
        : `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(b.text)}</w:t></w:r></w:p>`,
    )
    .join("");
  return {
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    "_rels/.rels":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  };
}

export const makeDocx = (blocks) => makeZip(docxParts(blocks));

/** A PPTX of slides, each `{ title, lines: [] }`. */
export function makePptx(slides) {
  const files = {
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>',
    "ppt/presentation.xml":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
  };
  slides.forEach((slide, i) => {
    const paras = [slide.title, ...slide.lines]
      .map((line) => `<a:p><a:r><a:t>${xmlEscape(line)}</a:t></a:r></a:p>`)
      .join("");
    files[`ppt/slides/slide${i + 1}.xml`] =
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody>${paras}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
  });
  return makeZip(files);
}

/**
 * A DOCX whose document part inflates to `inflatedBytes` of spaces; with `lie`, the central
 * directory declares it tiny, so only the bound enforced while inflating stops it.
 */
export function makeZipBomb(inflatedBytes, { lie = false } = {}) {
  const parts = docxParts([{ text: "bomb" }]);
  const filler = Buffer.alloc(inflatedBytes, 0x20);
  const zip = makeZip({ ...parts, "word/filler.xml": filler }, 9);
  if (!lie) return zip;
  // Rewrite the filler's declared sizes (central directory and local header) to 1 KB.
  const name = Buffer.from("word/filler.xml");
  for (let at = 0; at < zip.length - 4; at++) {
    const sig = zip.readUInt32LE(at);
    if (sig === 0x02014b50 && zip.subarray(at + 46, at + 46 + name.length).equals(name))
      zip.writeUInt32LE(1024, at + 24);
    if (sig === 0x04034b50 && zip.subarray(at + 30, at + 30 + name.length).equals(name))
      zip.writeUInt32LE(1024, at + 22);
  }
  return zip;
}

/**
 * Two pages about seabirds, the material the grounded-lesson tests make a course from: the course's
 * subject is on both pages, and each page has its own facts to cite.
 */
export const SEABIRD_PAGES = [
  [
    "Seabirds of the southern ocean.",
    "The wandering albatross glides for hours over the waves without beating its wings.",
    "Albatross wings lock at the shoulder, so seabirds spend almost no energy while soaring.",
  ],
  [
    "Seabirds and their nests.",
    "Puffins dig burrows in cliff soil and raise a single chick called a puffling.",
    "Seabirds return to the colony where they hatched, often after years at sea.",
  ],
];
