import "server-only";
import { createHash } from "node:crypto";
import { isInlineImageType, type InlineImageType } from "@/lib/inline-image-types";
import type { HtmlScan } from "./bounds";
import { brandedError } from "@/lib/branded-error";

/** SPEC 5 "Editor images": at most 5 MB each. */
const INLINE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export type ImageType = InlineImageType;

export type InlineImage = { sha256: string; contentType: ImageType; bytes: Buffer };

export type InlineImageProblem = "type" | "size" | "invalidBase64";

export class InlineImageError extends brandedError("InlineImageError") {
  constructor(readonly problem: InlineImageProblem) {
    super(`An inline image was refused: ${problem}.`);
  }
}

const HEADER = /^data:(image\/[a-z0-9.+-]+);base64$/i;

/** The type the bytes themselves say; the data URL's label is not trusted. */
function sniff(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a)
    return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString("latin1", 0, 6))) return "image/gif";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP")
    return "image/webp";
  return null;
}

/** Base64 checked with a loop: a 7 MB payload can overflow a regular expression's stack. */
function decodeBase64(payload: string): Buffer | null {
  let length = 0;
  const compact: string[] = [];
  let runStart = -1;
  for (let i = 0; i <= payload.length; i++) {
    const c = i < payload.length ? payload.charCodeAt(i) : -1;
    const ws = c === 32 || c === 10 || c === 13 || c === 9 || c === 12;
    if (c === -1 || ws) {
      if (runStart !== -1) compact.push(payload.slice(runStart, i));
      runStart = -1;
      continue;
    }
    const ok =
      (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47 || c === 61;
    if (!ok) return null;
    if (runStart === -1) runStart = i;
    length++;
  }
  const text = compact.length === 1 ? compact[0] : compact.join("");
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  // `=` only as final padding, and whole 4-character groups.
  const firstPad = text.indexOf("=");
  if (length === 0 || length % 4 !== 0 || (firstPad !== -1 && firstPad < text.length - padding)) return null;
  return Buffer.from(text, "base64");
}

/** One `data:image/…;base64` value, checked as an inline image is (also a blog post's cover). */
export function readDataUrl(value: string): { contentType: ImageType; bytes: Buffer } {
  const comma = value.indexOf(",");
  const header = comma < 0 ? null : HEADER.exec(value.slice(0, comma));
  if (!header || !isInlineImageType(header[1])) throw new InlineImageError("type");
  // Cheap size check before decoding: 4 characters of base64 carry 3 bytes.
  if (Math.floor(((value.length - comma - 1) * 3) / 4) > INLINE_IMAGE_MAX_BYTES + 3 * 1024)
    throw new InlineImageError("size");
  const bytes = decodeBase64(value.slice(comma + 1));
  if (!bytes) throw new InlineImageError("invalidBase64");
  if (bytes.length > INLINE_IMAGE_MAX_BYTES) throw new InlineImageError("size");
  const contentType = sniff(bytes);
  if (!contentType) throw new InlineImageError("type");
  return { contentType, bytes };
}

/**
 * Takes the `data:image/…;base64` pictures out of scanned HTML: each is validated (PNG, JPEG,
 * GIF or WebP by its bytes, at most 5 MB, valid base64) and its `src` replaced by
 * `urlOf(sha256)` (one picture used twice is stored once). What remains is
 * small enough for the sanitizer; the pictures are stored by the caller.
 */
export function takeInlineImages(
  html: string,
  scan: HtmlScan,
  urlOf: (sha256: string) => string,
): { html: string; images: InlineImage[] } {
  if (scan.inlineImages.length === 0) return { html, images: [] };
  const images = new Map<string, InlineImage>();
  const parts: string[] = [];
  let at = 0;
  for (const slot of scan.inlineImages) {
    // A character reference inside the URL would be decoded by the parser: not an editor's image.
    if (slot.hasReference) throw new InlineImageError("invalidBase64");
    const { contentType, bytes } = readDataUrl(slot.value);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    if (!images.has(sha256)) images.set(sha256, { sha256, contentType, bytes });
    parts.push(html.slice(at, slot.start), urlOf(sha256));
    at = slot.end;
  }
  parts.push(html.slice(at));
  return { html: parts.join(""), images: [...images.values()] };
}
