/**
 * Why a piece of material cannot be taken or read: one error for every step (the intake's
 * checks, the archive reader, the extractors, the reading worker), carrying the error code
 * (src/server/http/error-codes.ts) that is answered at once or stored on the source.
 *
 * Told apart by a brand (`Symbol.for`), not `instanceof`: the reading worker and the server are
 * bundled apart by Next, each with its own copy of this class, and a code that crosses between
 * them must still be recognised.
 */
export type SourceFailureCode =
  | "source:unsupported-type"
  | "source:type-mismatch"
  | "source:too-large"
  | "source:too-many-pages"
  | "source:no-text"
  | "source:unsafe-archive"
  | "source:url-refused"
  | "source:url-unresolved"
  | "source:unreadable"
  | "source:read-timeout"
  | "source:read-memory";

/** The kinds a failure's message can name ("its contents are not a PDF file"). */
export type FailureKind = "pdf" | "docx" | "pptx" | "txt" | "md";

const BRAND = Symbol.for("aula.sources.failure");

export class SourceFailure extends Error {
  readonly [BRAND] = true;
  constructor(
    readonly code: SourceFailureCode,
    readonly kind?: FailureKind,
    detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "SourceFailure";
  }
}

/** The failure's code when `error` is a SourceFailure (from any bundle), else undefined. */
export function sourceFailure(error: unknown): { code: SourceFailureCode; kind?: FailureKind } | undefined {
  if (typeof error !== "object" || error === null || !(BRAND in error)) return undefined;
  const { code, kind } = error as SourceFailure;
  return { code, kind };
}
