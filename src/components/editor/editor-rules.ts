/**
 * SPEC 5 "Editor links" and "Editor images", shared by the notes editor (which refuses with a
 * toast) and its tests. The server sanitizes whatever arrives anyway.
 */
import { isInlineImageType } from "@/lib/inline-image-types";
import { isStoredImageUrl } from "@/lib/stored-images";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export type LinkCheck = { ok: true; url: string } | { ok: false; reason: "required" | "invalid" | "scheme" | "data" };

const BASE64_IMAGE_HEADER = /^data:image\/[a-z0-9.+-]+;base64$/i;

/**
 * The base64 payload of a `data:image/...;base64,` URL, or null. Checked with a loop rather than
 * one regular expression: a 7 MB payload can overflow the regex engine's stack.
 */
function base64ImagePayload(dataUrl: string): string | null {
  const comma = dataUrl.indexOf(",");
  if (comma < 0 || !BASE64_IMAGE_HEADER.test(dataUrl.slice(0, comma))) return null;
  const payload = dataUrl.slice(comma + 1);
  let end = payload.length;
  while (end > 0 && payload.charCodeAt(end - 1) === 61 /* = */ && payload.length - end < 2) end--;
  if (end === 0) return null;
  for (let i = 0; i < end; i++) {
    const c = payload.charCodeAt(i);
    const ok =
      (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 /* + */ || c === 47; /* / */
    if (!ok) return null;
  }
  return payload;
}
const REFUSED_SCHEMES = new Set(["javascript:", "file:", "vbscript:"]);

/** A link's URL: required and valid; javascript:, file: and vbscript: refused; data: only as a base64 image. */
export function checkLinkUrl(raw: string): LinkCheck {
  const value = raw.trim();
  if (!value) return { ok: false, reason: "required" };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // A bare address ("example.com/page") is taken as https.
    if (/^[\w-]+(\.[\w-]+)+([/?#].*)?$/.test(value)) return checkLinkUrl(`https://${value}`);
    return { ok: false, reason: "invalid" };
  }
  // The URL parser drops tabs and newlines, so "java\tscript:" is caught here too.
  const scheme = url.protocol.toLowerCase();
  if (REFUSED_SCHEMES.has(scheme)) return { ok: false, reason: "scheme" };
  if (scheme === "data:")
    return base64ImagePayload(value.replace(/\s+/g, "")) !== null
      ? { ok: true, url: value }
      : { ok: false, reason: "data" };
  if (!["http:", "https:", "mailto:"].includes(scheme)) return { ok: false, reason: "scheme" };
  return { ok: true, url: url.toString() };
}

export type ImageProblem = "type" | "size" | "base64NotAllowed" | "invalidBase64";

/** A picked file: a picture of a type accepted inline (no SVG), at most 5 MB. */
export function checkImageFile(file: { type: string; size: number }): ImageProblem | null {
  if (!isInlineImageType(file.type)) return "type";
  if (file.size > MAX_IMAGE_BYTES) return "size";
  return null;
}

/**
 * An image source given as text: an https address, a picture stored with the notes
 * (/api/images/{id}), or a data: URL that must be a base64 image of at most 5 MB. `allowBase64`
 * is false where inline images are not wanted.
 */
export function checkImageSource(src: string, allowBase64 = true): ImageProblem | null {
  const value = src.trim();
  // A picture the server took out of saved notes comes back as its own address.
  if (isStoredImageUrl(value)) return null;
  if (!value.toLowerCase().startsWith("data:")) {
    try {
      return new URL(value).protocol === "https:" ? null : "type";
    } catch {
      return "type";
    }
  }
  if (!allowBase64) return "base64NotAllowed";
  const declared = /^data:(image\/[a-z0-9.+-]+)/i.exec(value)?.[1];
  if (declared && !isInlineImageType(declared)) return "type";
  const payload = base64ImagePayload(value.replace(/\s+/g, ""));
  if (payload === null) return /^data:image\//i.test(value) ? "invalidBase64" : "type";
  if (payload.length % 4 !== 0) return "invalidBase64";
  const bytes = (payload.length / 4) * 3 - (payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0);
  return bytes > MAX_IMAGE_BYTES ? "size" : null;
}
