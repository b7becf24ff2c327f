/**
 * The picture types accepted inline, as `data:image/…;base64,…`, wherever a picture may be
 * inline: notes, blog covers, lesson pictures, the Markdown renderer, the exports. SVG is not
 * one: an SVG can carry script and nothing in the app sanitizes SVG, so one is never stored,
 * rendered or written out as an inline picture.
 */
export const INLINE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

export type InlineImageType = (typeof INLINE_IMAGE_TYPES)[number];

/** Whether a declared media type (`image/png`, in any case, as media types are) is accepted inline. */
export function isInlineImageType(type: string): boolean {
  return (INLINE_IMAGE_TYPES as readonly string[]).includes(type.toLowerCase());
}

const DATA_URL_IMAGE_HEADER = /^data:(image\/[a-z0-9.+-]+);base64,/i;

/**
 * The accepted type a base64 `data:` URL declares (`data:image/png;base64,…` → "image/png"),
 * or null. Only the label: whoever stores the picture also checks its bytes.
 */
export function inlineImageType(dataUrl: string): InlineImageType | null {
  const declared = DATA_URL_IMAGE_HEADER.exec(dataUrl)?.[1].toLowerCase();
  return declared && isInlineImageType(declared) ? (declared as InlineImageType) : null;
}
