/** Names and inline pictures shared by the Markdown and SCORM packages. */

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

const EXTENSIONS: Record<string, string> = { png: "png", jpeg: "jpg", gif: "gif", webp: "webp", "svg+xml": "svg" };

/** An inline (data:) picture as bytes and an extension; undefined for a remote address. */
export function inlineImage(url: string): { bytes: Uint8Array; ext: string } | undefined {
  const match = url.match(/^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,([A-Za-z0-9+/=]+)$/);
  if (!match) return undefined;
  return { bytes: new Uint8Array(Buffer.from(match[2], "base64")), ext: EXTENSIONS[match[1]] };
}
