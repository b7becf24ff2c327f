import "server-only";
import { requireLearnerCourse } from "@/features/courses/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { isUuid } from "@/lib/ids";
import { appError } from "@/server/http/errors";
import { prepareNotes } from "./notes-html";
import { findImageForOwner, findNotes, writeNotesWithPictures } from "./notes-queries";

export async function notesFor(
  userId: string,
  courseId: string,
  t: ApiTranslator,
): Promise<{ html: string; version: number }> {
  const course = await requireLearnerCourse(userId, courseId, t);
  return (await findNotes(userId, course.id)) ?? { html: "", version: 0 };
}

/**
 * Saves the notes, sanitized, with their inline pictures stored as rows and referenced by URL
 * (see prepareNotes). With a version, a save based on an older version than the stored one is
 * refused (409) instead of overwriting text written in another tab.
 */
export async function saveNotes(
  userId: string,
  input: { course: string; notes: string; version?: number },
  t: ApiTranslator,
): Promise<number> {
  const course = await requireLearnerCourse(userId, input.course, t);
  const prepared = prepareNotes(input.notes, t);
  const version = await writeNotesWithPictures(userId, course.id, prepared.pictures, input.version, prepared.finish);
  if (version === null) throw appError("notes:conflict", t);
  return version;
}

/** A picture of the caller's notes; anyone else's, or an unknown id, is 404. */
export async function notesImageFor(
  userId: string,
  imageId: string,
  t: ApiTranslator,
): Promise<{ contentType: string; bytes: Buffer }> {
  const image = isUuid(imageId) ? await findImageForOwner(userId, imageId) : undefined;
  if (!image) throw appError("image:not-found", t);
  return image;
}
