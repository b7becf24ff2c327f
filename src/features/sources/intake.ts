import "server-only";
import { NoTextError, openPdf, pagesOfText, slideNames } from "./extract";
import type { SourceKind } from "./queries";
import { NotAZipError, readZip, zipEntries } from "./zip";

/**
 * What an upload is, decided by its bytes, not its name: the name says what it claims to be
 * (its extension), and the bytes must agree, else it is refused before anything is kept.
 */

export type FileKind = Extract<SourceKind, "pdf" | "docx" | "pptx" | "txt" | "md">;

export class IntakeError extends Error {
  constructor(
    readonly code: "source:unsupported-type" | "source:type-mismatch" | "source:no-text" | "source:unsafe-archive",
    readonly kind?: FileKind,
  ) {
    super(code);
    this.name = "IntakeError";
  }
}

const EXTENSIONS: Record<string, FileKind> = {
  pdf: "pdf",
  docx: "docx",
  pptx: "pptx",
  txt: "txt",
  text: "txt",
  md: "md",
  markdown: "md",
};

export function claimedKind(fileName: string): FileKind {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  const kind = ext ? EXTENSIONS[ext] : undefined;
  if (!kind) throw new IntakeError("source:unsupported-type");
  return kind;
}

/** The name without its extension and path, as the source's title. */
export function titleOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return (
    base
      .replace(/\.[A-Za-z0-9]+$/, "")
      .replace(/[\u0000-\u001F\u007F]/g, " ")
      .trim() || base
  ).slice(0, 200);
}

/** UTF-8 text with no NUL: what a .txt or .md must be (a binary renamed .txt is not). */
export function utf8Text(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return null;
  }
}

const OFFICE_MAIN: Record<"docx" | "pptx", string> = { docx: "word/document.xml", pptx: "ppt/presentation.xml" };

/**
 * Checks the bytes are the kind the name claims, and counts pages where that is cheap and
 * certain (PDF: its page tree; PPTX: its slides; text: its length). DOCX pages are counted by
 * the job, once its text is out (null here).
 */
export async function inspectFile(
  fileName: string,
  bytes: Buffer,
  maxInflated: number,
): Promise<{ kind: FileKind; pages: number | null }> {
  const kind = claimedKind(fileName);
  const mismatch = () => new IntakeError("source:type-mismatch", kind);
  switch (kind) {
    case "pdf": {
      // The header may follow a little junk, as readers allow, but must be there.
      const head = bytes.subarray(0, 1024).toString("latin1");
      if (!head.includes("%PDF-")) throw mismatch();
      try {
        const pdf = await openPdf(bytes);
        const pages = pdf.numPages;
        await pdf.destroy();
        return { kind, pages };
      } catch (error) {
        if (error instanceof NoTextError) throw new IntakeError("source:no-text", kind);
        throw error;
      }
    }
    case "docx":
    case "pptx": {
      let names: string[];
      try {
        names = zipEntries(bytes).map((e) => e.name);
      } catch (error) {
        if (error instanceof NotAZipError) throw mismatch();
        throw new IntakeError("source:unsafe-archive", kind);
      }
      if (!names.includes("[Content_Types].xml") || !names.includes(OFFICE_MAIN[kind])) throw mismatch();
      let files: Map<string, Buffer>;
      try {
        files = readZip(bytes, maxInflated);
      } catch (error) {
        if (error instanceof NotAZipError) throw mismatch();
        throw new IntakeError("source:unsafe-archive", kind);
      }
      return { kind, pages: kind === "pptx" ? slideNames(files).length : null };
    }
    case "txt":
    case "md": {
      const text = utf8Text(bytes);
      if (text === null) throw mismatch();
      return { kind, pages: pagesOfText(text.length) };
    }
  }
}
