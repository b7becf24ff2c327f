/**
 * Names of downloaded files, the one place they are made safe: the server's Content-Disposition
 * (PDF, Markdown and SCORM exports, the certificate picture) and the browser's `<a download>`
 * (receipt and certificate PNGs). A name is mostly a user's course title, so it may hold anything:
 * `../../etc/passwd`, quotes that would end the header's quoted string, control characters, bidi
 * overrides that show `gpj.exe` as `exe.jpg`. What comes out has none of those, keeps the title's
 * own script (Arabic, CJK, emoji), and fits every file system.
 */

/**
 * Whole name, extension included, in UTF-8 bytes: most file systems allow 255; this leaves room
 * for the " (1)" a browser adds to a name it already saved.
 */
const MAX_NAME_BYTES = 180;

/** C0 and C1 controls and DEL: never in a name, and CR/LF would split the header. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
/**
 * Invisible characters that reorder or hide text (bidi embeddings, overrides, isolates and marks,
 * zero-width space, line/paragraph separators, BOM). ZWNJ and ZWJ (U+200C/D) stay: Persian words
 * and emoji sequences need them.
 */
const INVISIBLE = /[\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
/** Path separators, and the characters Windows refuses in a name. */
const RESERVED = /[\\/:*?"<>|]/g;
/** Names Windows keeps for devices, whatever the extension. */
const DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).byteLength;

function cleanExtension(extension: string): string {
  return extension
    .toLowerCase()
    .replace(/[^a-z0-9.]/g, "")
    .replace(/^\.+|\.+$/g, "");
}

/** Trailing dots and spaces are dropped by Windows; leading dots hide a file (and spell `..`). */
const trimEdges = (text: string) => text.replace(/^[\s.]+/, "").replace(/[\s.]+$/, "");

function cleanBase(title: string): string {
  return trimEdges(
    title.normalize("NFC").replace(CONTROLS, " ").replace(INVISIBLE, "").replace(RESERVED, " ").replace(/\s+/g, " "),
  );
}

/** Cut by whole code points (never half an emoji) until it fits in `maxBytes`. */
function truncate(text: string, maxBytes: number): string {
  const points = Array.from(text);
  while (points.length > 0 && utf8Bytes(points.join("")) > maxBytes) points.pop();
  return trimEdges(points.join(""));
}

/**
 * A file name from a title and an extension (`pdf`, `md.zip`): Unicode kept, nothing that could
 * name a path, hide or reorder text, or break a header; `fallback` when nothing of the title is left.
 */
export function safeFileName(title: string, extension: string, fallback = "download"): string {
  const ext = cleanExtension(extension);
  const room = MAX_NAME_BYTES - (ext ? utf8Bytes(ext) + 1 : 0);
  let base = truncate(cleanBase(title), room) || truncate(cleanBase(fallback), room) || "download";
  if (DEVICE.test(base)) base = `_${base}`;
  return ext ? `${base}.${ext}` : base;
}

/**
 * The plain-ASCII form of a safe name for the header's `filename="..."` (clients that ignore
 * `filename*`): accents dropped, other letters as `_`, no `%` (some clients decode it) and never a
 * name without a letter or digit (an all-Arabic title would be `_____.pdf`).
 */
function asciiFallback(name: string, extension: string, fallback: string): string {
  const ext = cleanExtension(extension);
  const base = ext && name.endsWith(`.${ext}`) ? name.slice(0, -ext.length - 1) : name;
  const ascii = trimEdges(
    base
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      // One "_" per run of what cannot stay; the name's own underscores are kept as they are
      // (a certificate id may hold "__").
      .replace(/(?:[^\x20-\x7e]|[%"\\])+/g, "_"),
  );
  const usable = /[A-Za-z0-9]/.test(ascii)
    ? ascii
    : safeFileName(fallback, "", "download").replace(/[^\x20-\x7e]+/g, "_");
  return ext ? `${usable}.${ext}` : usable;
}

/** RFC 5987 `attr-char` leaves only these unescaped; encodeURIComponent would also leave ' ( ) *. */
function encodeRfc5987(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The Content-Disposition of a download (RFC 6266): `attachment` to save, `inline` to show, with
 * an ASCII `filename` for old clients and the UTF-8 name in `filename*`, which wins where known.
 */
export function contentDisposition(
  type: "attachment" | "inline",
  title: string,
  extension: string,
  fallback = "download",
): string {
  const name = safeFileName(title, extension, fallback);
  return `${type}; filename="${asciiFallback(name, extension, fallback)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
