/**
 * Just enough of the PDF format to read and amend the files Chromium (Skia) prints: a classic
 * cross-reference table, dictionaries written as plain text (only content streams and pictures
 * are compressed). Objects are found through the table, so a picture's bytes are never scanned.
 */
export class ChromiumPdf {
  readonly text: string;
  readonly trailer: string;
  readonly startxref: number;
  private readonly offsets = new Map<number, number>();

  constructor(readonly bytes: Buffer) {
    // latin1 keeps one character per byte, so string offsets are byte offsets.
    this.text = bytes.toString("latin1");
    const found = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(this.text.slice(-64));
    if (!found) throw new Error("no startxref at the end of the PDF");
    this.startxref = Number(found[1]);
    let at: number | undefined = this.startxref;
    let trailer = "";
    // Newest section first; an object an older section also lists keeps its newest offset.
    while (at !== undefined) {
      const section = this.readXrefSection(at);
      if (!trailer) trailer = section.trailer;
      at = refNumber(section.trailer, "Prev", false);
    }
    this.trailer = trailer;
  }

  private readXrefSection(at: number): { trailer: string } {
    if (!this.text.startsWith("xref", at)) throw new Error("the PDF has no classic cross-reference table");
    const end = this.text.indexOf("trailer", at);
    const startxref = this.text.indexOf("startxref", end);
    if (end < 0 || startxref < 0) throw new Error("the PDF's cross-reference table has no trailer");
    const lines = this.text
      .slice(at + 4, end)
      .trim()
      .split(/\r?\n|\r/);
    let id = 0;
    for (const line of lines) {
      const entry = /^(\d{10}) (\d{5}) ([nf])/.exec(line.trim());
      if (entry) {
        if (entry[3] === "n" && !this.offsets.has(id)) this.offsets.set(id, Number(entry[1]));
        id++;
      } else {
        const head = /^(\d+) \d+$/.exec(line.trim());
        if (head) id = Number(head[1]);
      }
    }
    return { trailer: this.text.slice(end + 7, startxref) };
  }

  /** The next free object number. */
  get size(): number {
    return refNumber(this.trailer, "Size", false) ?? 0;
  }

  /** An object's body between `N 0 obj` and `endobj` (dictionaries only: a stream's data is never asked for). */
  object(id: number): string {
    const offset = this.offsets.get(id);
    if (offset === undefined) return "";
    const head = /^\s*\d+\s+\d+\s+obj/.exec(this.text.slice(offset, offset + 32));
    if (!head) return "";
    const start = offset + head[0].length;
    const end = this.text.indexOf("endobj", start);
    return end < 0 ? "" : this.text.slice(start, end).trim();
  }

  /** The page objects' numbers in reading order (page 1 first). */
  pages(): number[] {
    const root = refNumber(this.object(refNumber(this.trailer, "Root") ?? -1), "Pages");
    const order: number[] = [];
    const walk = (id: number, depth: number) => {
      const body = this.object(id);
      if (/\/Type\s*\/Pages\b/.test(body) && depth < 32) for (const kid of refArray(body, "Kids")) walk(kid, depth + 1);
      else if (/\/Type\s*\/Page\b/.test(body)) order.push(id);
    };
    if (root !== undefined) walk(root, 0);
    return order;
  }

  /** The page number each named destination (an element id a link points to) lands on. */
  destinationPages(): Map<string, number> {
    const pageNumber = new Map(this.pages().map((id, index) => [id, index + 1]));
    const catalog = this.object(refNumber(this.trailer, "Root") ?? -1);
    const destsRef = refNumber(catalog, "Dests");
    const dests = destsRef === undefined ? "" : this.object(destsRef);
    const result = new Map<string, number>();
    for (const match of dests.matchAll(/\/([^\s/[\]<>()]+)\s*\[\s*(\d+) 0 R/g)) {
      const page = pageNumber.get(Number(match[2]));
      if (page) result.set(decodeName(match[1]), page);
    }
    return result;
  }

  /**
   * Appends an incremental update: the objects given (new ones and new versions of old ones)
   * and a cross-reference section for them alone, pointing back at the original table. The
   * original bytes are kept as they are.
   */
  withUpdate(objects: Map<number, string>): Buffer {
    if (objects.size === 0) return this.bytes;
    let body = "\n";
    const at = new Map<number, number>();
    for (const [id, text] of [...objects].sort(([a], [b]) => a - b)) {
      at.set(id, this.bytes.length + Buffer.byteLength(body, "latin1"));
      body += `${id} 0 obj\n${text}\nendobj\n`;
    }
    const xrefAt = this.bytes.length + Buffer.byteLength(body, "latin1");
    const ids = [...at.keys()];
    let xref = "xref\n";
    for (let i = 0; i < ids.length;) {
      let j = i;
      while (j + 1 < ids.length && ids[j + 1] === ids[j] + 1) j++;
      xref += `${ids[i]} ${j - i + 1}\n`;
      for (let k = i; k <= j; k++) xref += `${String(at.get(ids[k])).padStart(10, "0")} 00000 n \n`;
      i = j + 1;
    }
    const size = Math.max(this.size, ids[ids.length - 1] + 1);
    const keep = ["Root", "Info", "ID"]
      .map((key) => new RegExp(`/${key}\\s*(\\d+ \\d+ R|\\[[^\\]]*\\])`).exec(this.trailer))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => match[0]);
    const trailer = `trailer\n<</Size ${size}\n${keep.join("\n")}\n/Prev ${this.startxref}>>\nstartxref\n${xrefAt}\n%%EOF\n`;
    return Buffer.concat([this.bytes, Buffer.from(body + xref + trailer, "latin1")]);
  }
}

/** `/Key N 0 R` (or, with `ref` false, `/Key N`) in a dictionary's text. */
export function refNumber(body: string, key: string, ref = true): number | undefined {
  const match = new RegExp(`/${key}\\s+(\\d+)${ref ? "\\s+\\d+\\s+R" : "(?![\\d.])(?!\\s+\\d+\\s+R)"}`).exec(body);
  return match ? Number(match[1]) : undefined;
}

/** `/Key [a 0 R b 0 R]` in a dictionary's text. */
export function refArray(body: string, key: string): number[] {
  const list = new RegExp(`/${key}\\s*\\[([^\\]]*)\\]`).exec(body)?.[1] ?? "";
  return [...list.matchAll(/(\d+)\s+\d+\s+R/g)].map((match) => Number(match[1]));
}

/** PDF names escape bytes as #xx. */
export function decodeName(name: string): string {
  return Buffer.from(
    name.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}
