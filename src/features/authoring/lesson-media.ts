import "server-only";
import { z } from "zod";
import { markdownOf, storeLessonText } from "@/features/learning/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { InlineImageError, readDataUrl } from "@/server/html/inline-images";
import { appError } from "@/server/http/errors";
import { findImage } from "@/server/media/images";
import { isVideoId } from "@/server/media/youtube";
import { requireAuthoredLesson } from "./lesson-editing";

/**
 * An author changes what a lesson shows besides its text (issue 35): a picture of their own
 * (sent inline, checked by its bytes), another one from the image search, or none; the caption
 * under it; the YouTube video. Each change is a revision of the lesson like a text save,
 * version-checked the same way, so it is restorable and never overwrites another author's work.
 */

/** An uploaded picture's ceiling: pictures are kept in the lesson row and sent with the lesson. */
const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

export const lessonMediaSchema = z
  .object({
    version: z.number().int().min(0),
    image: z
      .union([
        z.null(),
        z.object({ upload: z.string().max(Math.ceil((MAX_PICTURE_BYTES * 4) / 3) + 100) }).strict(),
        z.object({ search: z.string().trim().min(2).max(100) }).strict(),
      ])
      .optional(),
    caption: z.string().trim().max(300).nullable().optional(),
    /** A YouTube address or video id; null or "" removes the video. */
    video: z.string().trim().max(300).nullable().optional(),
  })
  .strict();

/** The video id of a YouTube address (watch, youtu.be, embed, shorts) or of a bare id; undefined if none. */
function youtubeIdOf(value: string): string | undefined {
  if (isVideoId(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const candidate =
    host === "youtu.be"
      ? url.pathname.slice(1)
      : host === "youtube.com" || host === "youtube-nocookie.com"
        ? (url.searchParams.get("v") ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1])
        : undefined;
  return isVideoId(candidate) ? candidate : undefined;
}

export type LessonMediaView = {
  imageUrl: string | null;
  imageAttribution: string | null;
  imageCaption: string | null;
  youtubeId: string | null;
};

export async function saveLessonMedia(
  userId: string,
  lessonId: unknown,
  input: z.infer<typeof lessonMediaSchema>,
  t: ApiTranslator,
): Promise<
  { saved: true; version: number; media: LessonMediaView } | { saved: false; version: number; message: string }
> {
  const lesson = await requireAuthoredLesson(userId, lessonId, t);
  if (!lesson.theory) throw appError("lesson:unwritten", t);
  const changes: Partial<LessonMediaView> = {};
  if (input.image === null) Object.assign(changes, { imageUrl: null, imageAttribution: null });
  else if (input.image && "upload" in input.image) {
    let picture: ReturnType<typeof readDataUrl>;
    try {
      picture = readDataUrl(input.image.upload);
    } catch (error) {
      if (InlineImageError.is(error)) throw appError("lesson:picture-invalid", t);
      throw error;
    }
    if (picture.bytes.length > MAX_PICTURE_BYTES || picture.contentType === "image/gif")
      throw appError("lesson:picture-invalid", t);
    changes.imageUrl = `data:${picture.contentType};base64,${picture.bytes.toString("base64")}`;
    changes.imageAttribution = null;
  } else if (input.image && "search" in input.image) {
    const found = await findImage(input.image.search);
    if (!found) throw appError("lesson:picture-not-found", t);
    changes.imageUrl = found.url;
    changes.imageAttribution = found.attribution;
  }
  if (input.caption !== undefined) changes.imageCaption = input.caption || null;
  if (input.video !== undefined) {
    const video = input.video ? youtubeIdOf(input.video) : null;
    if (video === undefined) throw appError("lesson:video-invalid", t);
    changes.youtubeId = video;
  }
  const stored = await storeLessonText(
    lesson.id,
    { markdown: markdownOf(lesson), html: lesson.theory, kind: "edited", authorId: userId },
    input.version,
    changes,
  );
  if (!stored) throw appError("course:not-found", t);
  if ("conflict" in stored)
    return { saved: false, version: stored.conflict.version, message: appError("lesson:conflict", t).message };
  const { imageUrl, imageAttribution, imageCaption, youtubeId } = lesson;
  return {
    saved: true,
    version: stored.version,
    media: { imageUrl, imageAttribution, imageCaption, youtubeId, ...changes },
  };
}
