import "server-only";
import { randomUUID } from "node:crypto";
import type { ApiTranslator } from "@/i18n/api-translator";
import { AppError, appError } from "@/server/http/errors";
import { HTML_LIMITS, HtmlTooComplexError, scanHtml } from "@/server/html/bounds";
import { InlineImageError, takeInlineImages } from "@/server/html/inline-images";
import { STORED_IMAGE_PATH, storedImageIds } from "@/lib/stored-images";
import { sanitizeHtml } from "@/server/html/sanitize";
import type { NotesPicture } from "./notes-queries";

export type PreparedNotes = {
  pictures: NotesPicture[];
  /** The stored HTML once the pictures that already had a row are known. */
  finish: (storedIds: Map<string, string>) => { html: string; referencedIds: string[] };
};

function tooComplex(t: ApiTranslator, key: "tooComplex" | "lessonTooComplex"): AppError {
  return appError("html:too-complex", t, { key: `html.${key}`, values: { ...HTML_LIMITS } });
}

/**
 * The notes as they will be stored: refused (413) beyond the HTML bounds before anything is
 * parsed; inline pictures taken out (400/413 when not a valid picture of at most 5 MB) and
 * pointed at /api/images/{id}; the rest sanitized. Each new picture gets a fresh id; one the
 * notes already store keeps its own (see writeNotesWithPictures).
 */
export function prepareNotes(raw: string, t: ApiTranslator): PreparedNotes {
  const idBySha = new Map<string, string>();
  const urlOf = (sha256: string) => {
    let id = idBySha.get(sha256);
    if (!id) idBySha.set(sha256, (id = randomUUID()));
    return `${STORED_IMAGE_PATH}${id}`;
  };
  let html: string;
  let pictures: NotesPicture[];
  try {
    const taken = takeInlineImages(raw, scanHtml(raw), urlOf);
    html = sanitizeHtml(taken.html).trim();
    // A picture the sanitizer dropped (inside a <script>, say) is not stored.
    pictures = taken.images
      .map((image) => ({ ...image, id: idBySha.get(image.sha256)! }))
      .filter((picture) => html.includes(`${STORED_IMAGE_PATH}${picture.id}`));
  } catch (error) {
    if (HtmlTooComplexError.is(error)) throw tooComplex(t, "tooComplex");
    if (InlineImageError.is(error)) {
      throw error.problem === "size" ? appError("html:image-too-large", t) : appError("html:image-invalid", t);
    }
    throw error;
  }
  return {
    pictures,
    finish: (storedIds) => {
      let stored = html;
      for (const picture of pictures) {
        const existing = storedIds.get(picture.sha256);
        if (existing)
          stored = stored.replaceAll(`${STORED_IMAGE_PATH}${picture.id}`, `${STORED_IMAGE_PATH}${existing}`);
      }
      const referencedIds = storedImageIds(stored);
      return { html: stored, referencedIds };
    },
  };
}
