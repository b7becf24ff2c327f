/** Names and inline pictures shared by the Markdown and SCORM packages. */
import { inlineImageType, type InlineImageType } from "@/lib/inline-image-types";

/** A file-name-safe slug that keeps letters of every script (a Thai or Arabic title stays readable). */
export function slug(text: string, fallback = "course"): string {
  const cleaned = text
    .normalize("NFC")
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ")
    .trim()
    .replace(/\s+/g, "-")
    // A hyphen or dot left at the start by a `../` title names nothing useful.
    .replace(/^[.-]+/, "")
    .slice(0, 60);
  return cleaned || fallback;
}

export const pad = (n: number) => String(n).padStart(2, "0");

const EXTENSIONS: Record<InlineImageType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

/**
 * An inline (data:) picture of an accepted type as bytes and an extension; undefined for a remote
 * address, or an inline SVG (stored before SVG was refused), which stays an <img> source rather
 * than a file a browser would open as a document.
 */
export function inlineImage(url: string): { bytes: Uint8Array; ext: string } | undefined {
  const type = inlineImageType(url);
  const match = url.match(/^data:[^,]+,([A-Za-z0-9+/=]+)$/);
  if (!type || !match) return undefined;
  return { bytes: new Uint8Array(Buffer.from(match[1], "base64")), ext: EXTENSIONS[type] };
}
