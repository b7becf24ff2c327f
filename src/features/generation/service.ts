import "server-only";
import {
  countCoursesThisMonth,
  countCoursesThisMonthSql,
  courseOutline,
  findCourseByKey,
  requireOwnLesson,
  saveLesson,
  storeCourse,
  type CourseRow,
} from "@/features/courses/service";
import { contentTopics, courseContent, readContent } from "@/features/courses";
import {
  COURSE_TYPE_LABEL,
  COURSE_TYPE_VALUE,
  courseTypeLabel,
  isPaidPlan,
  MAX_USER_SUBTOPICS,
  planViolation,
  TOPIC_COUNT,
  type CourseTypeLabel,
  type PlanViolation,
  type TopicsLimit,
} from "@/features/plans";
import type { ApiTranslator } from "@/i18n/api-translator";
import { isUuid } from "@/lib/ids";
import { aiEventStream } from "@/server/ai/event-stream";
import { ModelFailedError } from "@/server/ai/run";
import type { SessionUser } from "@/server/auth/session";
import { env } from "@/server/env";
import { AppError, appError } from "@/server/http/errors";
import { enforceRateLimit, hitRateLimitReading, rateLimitError } from "@/server/http/rate-limit";
import { findImage } from "@/server/media/images";
import { fetchTranscript, findVideo } from "@/server/media/youtube";
import { coverUrl } from "./cover";
import { findLessonImage, generateLesson, generateOutline, searchPhrase, type OutlineEvent } from "./engine";
import { courseLanguageByName, type CourseLanguage } from "./languages";
import { cleanOutline, cleanTitle, outlineWithin } from "./outline";
import { findUsableOutline, insertGeneratedOutline, markOutlineUsed, type GeneratedOutlineRow } from "./queries";
import {
  courseContentSchema,
  createCourseBodySchema,
  IDEMPOTENCY_KEY,
  TOPIC_MAX_LENGTH,
  TOPIC_MIN_LENGTH,
  type GenerateFormBody,
  type Outline,
} from "./schemas";
import type { z } from "zod";

// What learning needs of the engine: the lesson writer and the Course Assistant.
export { answerCourseQuestion } from "./chat";
export { generateLesson } from "./engine";
// What the quiz needs: its questions, written once per course.
export { generateQuiz } from "./engine";
export type { ModelQuiz } from "./schemas";

type Caller = Pick<SessionUser, "id" | "plan">;

/** The Generate form after the SPEC's rules: what the engine is asked for. */
export type GenerateRequest = {
  topic: string;
  subtopics: string[];
  topicsLimit: TopicsLimit;
  topicCount: number;
  courseType: CourseTypeLabel;
  language: CourseLanguage;
};

function planError(violation: PlanViolation, t: ApiTranslator): AppError {
  return appError(violation, t);
}

/** SPEC section 5, in its order; plan limits answer 403 `plan:*`. */
function validateGenerateForm(body: GenerateFormBody, plan: Caller["plan"], t: ApiTranslator): GenerateRequest {
  const topic = cleanTitle(body.topic);
  if (topic.length < TOPIC_MIN_LENGTH) throw appError("generate:topic-short", t);
  if (topic.length > TOPIC_MAX_LENGTH) throw appError("generate:topic-long", t);
  // Empty subtopics are ignored; the same one twice counts once.
  const subtopics = [
    ...new Map(
      body.subtopics
        .map((s) => cleanTitle(s))
        .filter(Boolean)
        .map((s) => [s.toLocaleLowerCase(), s]),
    ).values(),
  ];
  if (subtopics.length > MAX_USER_SUBTOPICS) throw planError("plan:subtopics", t);
  if (body.topicsLimit !== "4" && body.topicsLimit !== "8") throw appError("generate:invalid-topics-limit", t);
  const courseType = courseTypeLabel(body.courseType);
  if (!courseType) throw appError("generate:invalid-course-type", t);
  if (!body.language.trim()) throw appError("generate:language-missing", t);
  const language = courseLanguageByName(body.language)?.name;
  if (!language) throw appError("generate:language-unknown", t);
  const violation = planViolation(plan, {
    topicsLimit: body.topicsLimit,
    courseType,
    language,
    subtopicCount: subtopics.length,
  });
  if (violation) throw planError(violation, t);
  return {
    topic,
    subtopics,
    topicsLimit: body.topicsLimit,
    topicCount: TOPIC_COUNT[body.topicsLimit],
    courseType,
    language,
  };
}

/** Courses a Free user may still create this month; null when the plan has no limit. */
export async function coursesLeftThisMonth(user: Caller): Promise<number | null> {
  if (isPaidPlan(user.plan)) return null;
  return Math.max(0, env().FREE_COURSES_PER_MONTH - (await countCoursesThisMonth(user.id)));
}

const aiRateLimitKey = (userId: string) => `ai:${userId}`;
const aiRateLimitRule = () => ({ limit: env().AI_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 });

/** Every AI call counts against the caller's per-minute limit (lessons and chat too). */
export async function enforceAiRateLimit(userId: string, t: ApiTranslator): Promise<void> {
  await enforceRateLimit(aiRateLimitKey(userId), aiRateLimitRule(), t("generation.rateLimited"));
}

/**
 * Before a call that starts a course (outline or creation): the per-minute AI limit is counted
 * and this month's courses are read in one statement, since both stand between the learner
 * and the first streamed byte. Over the monthly allowance is a 403, over the rate a 429.
 */
async function admitCourseGeneration(user: Caller, t: ApiTranslator): Promise<void> {
  const hit = await hitRateLimitReading(aiRateLimitKey(user.id), aiRateLimitRule(), countCoursesThisMonthSql(user.id));
  if (!isPaidPlan(user.plan) && hit.alsoRead >= env().FREE_COURSES_PER_MONTH) {
    throw appError("plan:course-limit", t, { values: { limit: env().FREE_COURSES_PER_MONTH } });
  }
  if (hit.limited) throw rateLimitError(hit, "rate:limited", t("generation.rateLimited"));
}

/**
 * A model that failed after its retries becomes the SPEC's generic failure, with a precise code;
 * a model too slow for its time budget is a 504 `ai:timeout` that says so.
 */
function modelFailure(error: unknown, t: ApiTranslator): unknown {
  if (error instanceof ModelFailedError) {
    return appError(error.code, t);
  }
  return error;
}

/** Checks done before any model call: the form, the plan, the monthly allowance, the rate limit. */
export async function prepareOutline(user: Caller, body: GenerateFormBody, t: ApiTranslator): Promise<GenerateRequest> {
  const request = validateGenerateForm(body, user.plan, t);
  await admitCourseGeneration(user, t);
  return request;
}

function outlineInput(request: GenerateRequest) {
  return {
    topic: request.topic,
    subtopics: request.subtopics,
    topicCount: request.topicCount,
    language: request.language,
    courseType: request.courseType,
  };
}

/** The contract's `generatedText`: the outline as Course content JSON text. */
function generatedTextOf(request: GenerateRequest, outline: Outline): string {
  const topics = outline.topics.map((topic) => ({
    title: topic.title,
    lessons: topic.subtopics.map((title) => ({ title })),
  }));
  return JSON.stringify(courseContent(request.topic, topics));
}

/**
 * Keeps the outline the model wrote for this user, so that /api/course can build a course only
 * from it; its id goes back to the client with the outline.
 */
function rememberOutline(user: Caller, request: GenerateRequest, outline: Outline): Promise<string> {
  return insertGeneratedOutline({
    userId: user.id,
    outline,
    topic: request.topic,
    type: COURSE_TYPE_VALUE[request.courseType],
    language: request.language,
    topicsLimit: request.topicsLimit,
  });
}

/** /api/prompt's answer: the outline as the contract's `generatedText`, and its `outlineId`. */
export async function outlineAsText(
  user: Caller,
  request: GenerateRequest,
  t: ApiTranslator,
  signal?: AbortSignal,
): Promise<{ generatedText: string; outlineId: string }> {
  let outline: Outline;
  try {
    outline = await generateOutline(outlineInput(request), { signal });
  } catch (error) {
    throw modelFailure(error, t);
  }
  return { generatedText: generatedTextOf(request, outline), outlineId: await rememberOutline(user, request, outline) };
}

export type OutlineStreamEvent =
  | OutlineEvent
  | { type: "done"; generatedText: string; outlineId: string }
  | { type: "error"; code: string; message: string };

/**
 * The outline as newline-delimited JSON events, written as the model produces them
 * (docs/api.md, `POST /api/prompt/stream`): `start` at once, `waiting` while the model is silent,
 * then topics, and `done` or `error` last. Stops when the client goes.
 */
export function outlineEventStream(
  user: Caller,
  request: GenerateRequest,
  t: ApiTranslator,
  clientSignal?: AbortSignal,
): ReadableStream<Uint8Array> {
  return aiEventStream<OutlineStreamEvent>(
    async (send, signal) => {
      try {
        const outline = await generateOutline(outlineInput(request), { signal, onEvent: send });
        const outlineId = await rememberOutline(user, request, outline);
        send({ type: "done", generatedText: generatedTextOf(request, outline), outlineId });
      } catch (error) {
        if (signal.aborted) return;
        const mapped = modelFailure(error, t);
        if (!(mapped instanceof AppError)) throw error;
        send({ type: "error", code: mapped.code, message: mapped.message });
      }
    },
    { signal: clientSignal, t },
  );
}

type CreateCourseBody = z.infer<typeof createCourseBodySchema>;

/** The validated creation request: the outline the preview showed, with the plan's limits applied. */
function validateCreateCourse(user: Caller & { id: string }, body: CreateCourseBody, t: ApiTranslator) {
  if (body.user !== undefined && body.user !== user.id) throw appError("auth:forbidden", t);
  const mainTopic = cleanTitle(body.mainTopic);
  if (mainTopic.length < TOPIC_MIN_LENGTH) throw appError("generate:topic-short", t);
  if (mainTopic.length > TOPIC_MAX_LENGTH) throw appError("generate:topic-long", t);
  const type = courseTypeLabel(body.type);
  if (!type) throw appError("generate:invalid-course-type", t);
  const language = courseLanguageByName(body.lang)?.name;
  if (!language) throw appError("generate:language-unknown", t);
  const parsed = courseContentSchema.safeParse(readContent(body.content));
  if (!parsed.success) throw appError("course:invalid-content", t);
  const outline = cleanOutline({ topics: contentTopics(parsed.data) });
  if (outline.topics.some((topic) => !topic.title || topic.subtopics.length === 0)) {
    throw appError("course:invalid-content", t);
  }
  const violation = planViolation(user.plan, { topicCount: outline.topics.length, courseType: type, language });
  if (violation) throw planError(violation, t);
  // A contract client that posts an outline of its own has no id: refused, with what to send.
  if (!body.outlineId) throw appError("course:unknown-outline", t);
  return { mainTopic, type, language, outline, outlineId: body.outlineId };
}

type CreateCourseInput = ReturnType<typeof validateCreateCourse>;

const unknownOutline = (t: ApiTranslator) =>
  appError("course:unknown-outline", t, { key: "generation.unknownOutline" });

/**
 * The course may only be made of what the server wrote for this user at /api/prompt: the stored
 * outline (another user's, expired or already used reads as unknown), its topic, type and
 * language, and a subset or reordering of its topics and lessons with their exact titles.
 * The plan is checked again against the stored choices (a plan may have changed since).
 */
async function requireOwnOutline(
  user: Caller & { id: string },
  input: CreateCourseInput,
  t: ApiTranslator,
): Promise<GeneratedOutlineRow> {
  const stored = isUuid(input.outlineId) ? await findUsableOutline(user.id, input.outlineId) : undefined;
  if (!stored) throw unknownOutline(t);
  const mismatch =
    input.mainTopic.toLocaleLowerCase() !== stored.topic.toLocaleLowerCase() ||
    COURSE_TYPE_VALUE[input.type] !== stored.type ||
    input.language !== stored.language ||
    !outlineWithin(stored.outline, input.outline);
  if (mismatch) throw appError("course:outline-mismatch", t);
  const violation = planViolation(user.plan, {
    topicsLimit: stored.topicsLimit,
    courseType: COURSE_TYPE_LABEL[stored.type],
    language: stored.language,
  });
  if (violation) throw planError(violation, t);
  return stored;
}

/** Two requests with one idempotency key in this process share one creation. */
const inFlight = new Map<string, Promise<{ course: CourseRow; created: boolean }>>();

/**
 * POST /api/course: generates the first lesson (media and theory) and the card photo, then
 * stores the course, its outline and that lesson in one transaction. A failure stores nothing.
 * With an idempotency key, a retry, a double click or a second tab gets the same course.
 */
export async function createCourseFromOutline(
  user: Caller & { id: string },
  body: CreateCourseBody,
  idempotencyKey: string | null,
  t: ApiTranslator,
): Promise<{ course: CourseRow; created: boolean }> {
  if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw appError("request:invalid-idempotency-key", t);
  }
  const input = validateCreateCourse(user, body, t);
  // A replay comes first: its outline is already used by the course it answers.
  if (idempotencyKey) {
    const existing = await findCourseByKey(user.id, idempotencyKey);
    if (existing) return { course: existing, created: false };
    const flightKey = `${user.id}:${idempotencyKey}`;
    const running = inFlight.get(flightKey);
    if (running) return { ...(await running), created: false };
    const creation = checkAndStore(user, input, idempotencyKey, t).finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, creation);
    return creation;
  }
  return checkAndStore(user, input, null, t);
}

async function checkAndStore(
  user: Caller & { id: string },
  input: CreateCourseInput,
  idempotencyKey: string | null,
  t: ApiTranslator,
) {
  const stored = await requireOwnOutline(user, input, t);
  return generateAndStore(user, { ...input, mainTopic: stored.topic }, idempotencyKey, t);
}

async function generateAndStore(
  user: Caller & { id: string },
  input: CreateCourseInput,
  idempotencyKey: string | null,
  t: ApiTranslator,
): Promise<{ course: CourseRow; created: boolean }> {
  await admitCourseGeneration(user, t);
  const courseType = COURSE_TYPE_VALUE[input.type];
  const [first] = input.outline.topics;
  const [lesson, photo] = await Promise.all([
    generateLesson({
      courseTopic: input.mainTopic,
      topicTitle: first.title,
      lessonTitle: first.subtopics[0],
      language: input.language,
      outline: input.outline.topics.flatMap((topic) => topic.subtopics),
      courseType,
    }).catch((error: unknown) => {
      throw modelFailure(error, t);
    }),
    // The card's photo: an image search on the topic; none found is not a failure.
    findImage(input.mainTopic).catch(() => null),
  ]);
  const now = new Date();
  const limit = isPaidPlan(user.plan)
    ? null
    : {
        limit: env().FREE_COURSES_PER_MONTH,
        message: t("generation.courseLimit", { limit: env().FREE_COURSES_PER_MONTH }),
      };
  return storeCourse(
    {
      userId: user.id,
      mainTopic: input.mainTopic,
      type: courseType,
      lang: input.language,
      photo: photo?.url ?? coverUrl(input.mainTopic),
      photoAttribution: photo?.attribution ?? null,
      idempotencyKey,
      topics: input.outline.topics.map((topic, topicIndex) => ({
        title: topic.title,
        lessons: topic.subtopics.map((title, lessonIndex) =>
          topicIndex === 0 && lessonIndex === 0
            ? {
                title,
                theory: lesson.html,
                imageUrl: lesson.image?.url ?? null,
                imageAttribution: lesson.image?.attribution ?? null,
                youtubeId: lesson.youtubeId,
                generatedAt: now,
              }
            : { title },
        ),
      })),
    },
    limit,
    // Used once: a second course from the same outline (another key, another tab) is refused.
    async (tx) => {
      if (!(await markOutlineUsed(tx, user.id, input.outlineId))) throw unknownOutline(t);
    },
  );
}

/** A lesson of the caller's course with what its prompts need. */
async function lessonContext(user: Caller & { id: string }, courseId: unknown, lessonId: unknown, t: ApiTranslator) {
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
export async function lessonImageForOwner(
  user: Caller & { id: string },
  courseId: unknown,
  lessonId: unknown,
  t: ApiTranslator,
) {
  const { lesson, context } = await lessonContext(user, courseId, lessonId, t);
  if (lesson.imageUrl) return { url: lesson.imageUrl, attribution: lesson.imageAttribution };
  await enforceAiRateLimit(user.id, t);
  const image = await findLessonImage(context);
  if (image) await saveLesson(lesson.id, { imageUrl: image.url, imageAttribution: image.attribution });
  return { url: image?.url ?? "", attribution: image?.attribution ?? null };
}

/** POST /api/yt: the lesson's YouTube video id (found and stored if it has none). */
export async function lessonVideoForOwner(
  user: Caller & { id: string },
  courseId: unknown,
  lessonId: unknown,
  t: ApiTranslator,
) {
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
export async function lessonTranscriptForOwner(
  user: Caller & { id: string },
  courseId: unknown,
  lessonId: unknown,
  t: ApiTranslator,
) {
  const { course, lesson } = await requireOwnLesson(user.id, courseId, lessonId, t);
  if (!lesson.youtubeId) throw appError("media:no-video", t);
  const items = await fetchTranscript(lesson.youtubeId, courseLanguageByName(course.lang)?.code ?? "en");
  if (items.length === 0) throw appError("media:no-transcript", t);
  return items;
}
