import { pagesOfText, pdfPageCount, slideNames } from "./extract";
import { SourceFailure, sourceFailure, type FailureKind } from "./failure";
import { readZip, zipEntries } from "./zip";

/**
 * What an upload is, decided by its bytes, not its name: the name says what it claims to be
 * (its extension), and the bytes must agree, else it is refused before anything is kept.
 * `claimedKind` and `titleOf` run in the request; `inspectBytes` opens the file, so it runs in the
 * reading worker (reader.ts) like the rest of the reading.
 */

export type FileKind = FailureKind;

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
  const ext = /\.([A-Za-z0-9]{1,16})$/.exec(fileName.trim())?.[1]?.toLowerCase();
  const kind = ext ? EXTENSIONS[ext] : undefined;
  if (!kind) throw new SourceFailure("source:unsupported-type");
  return kind;
}

/** The name without its extension and path, as the source's title. */
export function titleOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return (
    base
      .replace(/\.[A-Za-z0-9]{1,16}$/, "")
      .replace(/[\u0000-\u001F\u007F]/g, " ")
      .trim() || base
  ).slice(0, 200);
}

/** UTF-8 text with no NUL: what a .txt or .md must be (a binary renamed .txt is not). */
export function utf8Text(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return null;
  }
}

const OFFICE_MAIN: Record<"docx" | "pptx", string> = { docx: "word/document.xml", pptx: "ppt/presentation.xml" };

/**
 * Checks the bytes are the `kind` the name claims, and counts pages where that is cheap and
 * certain (PDF: its page tree; PPTX: its slides; text: its length). DOCX pages are counted by
 * the job, once its text is out (null here). Refusals are SourceFailures naming the kind.
 */
export async function inspectBytes(
  kind: FileKind,
  bytes: Buffer,
  maxInflated: number,
): Promise<{ kind: FileKind; pages: number | null }> {
  const mismatch = () => new SourceFailure("source:type-mismatch", kind);
  // A failure of the readers below, with this kind named for its message.
  const named = (error: unknown) => {
    const failure = sourceFailure(error);
    return failure ? new SourceFailure(failure.code, kind, (error as Error).message) : error;
  };
  switch (kind) {
    case "pdf": {
      // The header may follow a little junk, as readers allow, but must be there.
      if (!bytes.subarray(0, 1024).toString("latin1").includes("%PDF-")) throw mismatch();
      return { kind, pages: await pdfPageCount(bytes).catch((error) => Promise.reject(named(error))) };
    }
    case "docx":
    case "pptx": {
      let names: string[];
      try {
        names = zipEntries(bytes).map((e) => e.name);
        if (!names.includes("[Content_Types].xml") || !names.includes(OFFICE_MAIN[kind])) throw mismatch();
        // Inflated whole (bounded, nothing kept), so a zip bomb is refused now, not by the job.
        readZip(bytes, maxInflated, () => false);
      } catch (error) {
        throw named(error);
      }
      return { kind, pages: kind === "pptx" ? slideNames(names).length : null };
    }
    case "txt":
    case "md": {
      const text = utf8Text(bytes);
      if (text === null) throw mismatch();
      return { kind, pages: pagesOfText(text.length) };
    }
  }
}
