import { chunkPages, type Chunk } from "./chunk";
import {
  CharBudget,
  countedPages,
  docxPages,
  markdownPages,
  pdfPages,
  pptxPages,
  textPages,
  webPages,
  type Page,
} from "./extract";
import { SourceFailure } from "./failure";
import { inspectBytes, utf8Text, type FileKind } from "./intake";

/**
 * What the reading worker (read-worker.ts) does, as plain functions: checking an upload's bytes
 * (`inspect`, in the request), and reading a source into chunks (`read`, in the ingest job). The
 * messages it sends back are below. Nothing here touches the database or the network: the job
 * reads the bytes (or fetches the address) and stores the chunks on the server's side.
 */

export type InspectTask = { op: "inspect"; kind: FileKind; bytes: Uint8Array; maxInflated: number };

/** Kinds as the job hands them: a source's own, or `web` for what a web address answered. */
type ReadKind = FileKind | "text" | "web";

export type ReadTask = {
  op: "read";
  kind: ReadKind;
  bytes: Uint8Array;
  maxInflated: number;
  /** The plan's character budget for this source (CharBudget). */
  maxChars: number;
  /** For `web`: the address (Readability's base and the title's fallback) and the answer's content type. */
  url?: string;
  contentType?: string;
};

export type ReaderTask = InspectTask | ReadTask;

export type Inspected = { kind: FileKind; pages: number | null };

/** A source read: its chunks, its pages as the plan counts them, and a title when the material has one (web pages). */
export type ReadResult = { chunks: Chunk[]; pages: number; title?: string };

export type ReaderMessage =
  | { type: "progress"; read: number; total: number }
  | { type: "done"; result: Inspected | ReadResult }
  | { type: "failed"; code: SourceFailure["code"]; kind?: FileKind }
  | { type: "crashed"; message: string };

export function inspect(task: InspectTask): Promise<Inspected> {
  return inspectBytes(
    task.kind,
    Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength),
    task.maxInflated,
  );
}

async function pagesOf(task: ReadTask, budget: CharBudget, onProgress: (read: number, total: number) => void) {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  const text = () => {
    const decoded = utf8Text(bytes);
    if (decoded === null) throw new SourceFailure("source:unreadable", undefined, "not UTF-8 text");
    return decoded;
  };
  switch (task.kind) {
    case "pdf":
      return { pages: await pdfPages(bytes, budget, onProgress) };
    case "docx":
      return { pages: await docxPages(bytes, task.maxInflated, budget) };
    case "pptx":
      return { pages: pptxPages(bytes, task.maxInflated, budget) };
    case "md":
      return { pages: markdownPages(text(), budget) };
    case "txt":
    case "text":
      return { pages: textPages(text(), budget) };
    case "web": {
      const type = (task.contentType ?? "").split(";")[0].trim().toLowerCase();
      if (type === "application/pdf" || bytes.subarray(0, 5).toString("latin1") === "%PDF-")
        return { pages: await pdfPages(bytes, budget, onProgress) };
      if (type === "text/plain") return { pages: textPages(text(), budget) };
      if (type === "text/markdown") return { pages: markdownPages(text(), budget) };
      return webPages(text(), task.url ?? "http://localhost/", budget);
    }
  }
}

export async function read(task: ReadTask, onProgress: (read: number, total: number) => void): Promise<ReadResult> {
  const { pages, title } = (await pagesOf(task, new CharBudget(task.maxChars), onProgress)) as {
    pages: Page[];
    title?: string;
  };
  const chunks = chunkPages(pages);
  if (chunks.length === 0)
    throw task.kind === "pdf"
      ? new SourceFailure("source:no-text", "pdf", "empty")
      : new SourceFailure("source:unreadable", undefined, "no text");
  return { chunks, pages: countedPages(pages), ...(title ? { title } : {}) };
}
