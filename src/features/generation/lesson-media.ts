import "server-only";
import { courseOutline, requireOwnLesson, saveLesson } from "@/features/courses/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { enforceAiRateLimit } from "@/server/ai/rate-limit";
import type { SessionUser } from "@/server/auth/session";
import { appError } from "@/server/http/errors";
import { fetchTranscript, findVideo } from "@/server/media/youtube";
import { findLessonImage, searchPhrase } from "./engine";
import { courseLanguageByName } from "./languages";

type Caller = Pick<SessionUser, "id" | "plan">;

/** A lesson of the caller's course with what its prompts need. */
async function lessonContext(user: Caller, courseId: unknown, lessonId: unknown, t: ApiTranslator) {
  const { course, topic, lesson } = await requireOwnLesson(user.id, courseId, lessonId, t);
  const outline = await courseOutline(course.id);
  return {
    course,
    lesson,
    context: {
      courseTopic: course.mainTopic,
      topicTitle: topic.title,
      lessonTitle: lesson.title,
      language: course.lang,
      outline: outline.flatMap((o) => o.lessons.map((l) => l.title)),
      courseType: course.type,
    },
  };
}

/** POST /api/image: the lesson's picture (found and stored if it has none). */
export async function lessonImageForOwner(user: Caller, courseId: unknown, lessonId: unknown, t: ApiTranslator) {
  const { lesson, context } = await lessonContext(user, courseId, lessonId, t);
  if (lesson.imageUrl) return { url: lesson.imageUrl, attribution: lesson.imageAttribution };
  await enforceAiRateLimit(user.id, t);
  const image = await findLessonImage(context);
  if (image) await saveLesson(lesson.id, { imageUrl: image.url, imageAttribution: image.attribution });
  return { url: image?.url ?? "", attribution: image?.attribution ?? null };
}

/** POST /api/yt: the lesson's YouTube video id (found and stored if it has none). */
export async function lessonVideoForOwner(user: Caller, courseId: unknown, lessonId: unknown, t: ApiTranslator) {
  const { course, lesson, context } = await lessonContext(user, courseId, lessonId, t);
  if (lesson.youtubeId) return lesson.youtubeId;
  await enforceAiRateLimit(user.id, t);
  const phrase = await searchPhrase("video", context);
  const videoId = await findVideo(phrase, courseLanguageByName(course.lang)?.code ?? "en");
  if (!videoId) throw appError("media:video-not-found", t);
  await saveLesson(lesson.id, { youtubeId: videoId });
  return videoId;
}

/** POST /api/transcript: the captions of the lesson's video, as `{ text }` items. */
export async function lessonTranscriptForOwner(user: Caller, courseId: unknown, lessonId: unknown, t: ApiTranslator) {
  const { course, lesson } = await requireOwnLesson(user.id, courseId, lessonId, t);
  if (!lesson.youtubeId) throw appError("media:no-video", t);
  const items = await fetchTranscript(lesson.youtubeId, courseLanguageByName(course.lang)?.code ?? "en");
  if (items.length === 0) throw appError("media:no-transcript", t);
  return items;
}
