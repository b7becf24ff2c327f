import "server-only";
import { findCourseByKey, storeCourse, type CourseRow } from "@/features/courses/server";
import { contentTopics, readContent } from "@/features/courses/client";
import {
  COURSE_TYPE_LABEL,
  COURSE_TYPE_VALUE,
  courseTypeLabel,
  isPaidPlan,
  planViolation,
} from "@/features/plans/client";
import type { ApiTranslator } from "@/i18n/api-translator";
import { isUuid } from "@/lib/ids";
import { modelFailure } from "@/server/ai/failure";
import type { SessionUser } from "@/server/auth/session";
import { env } from "@/server/env";
import { appError } from "@/server/http/errors";
import { findImage } from "@/server/media/images";
import { admitCourseGeneration } from "./course-allowance";
import { coverUrl } from "./cover";
import { generateLesson } from "./engine";
import { courseLanguageByName } from "./languages";
import { cleanTitle } from "@/lib/clean-title";
import { cleanOutline, outlineWithin } from "./outline";
import { carryOutlineSources, outlineExcerpts } from "@/features/sources/server";
import { findUsableOutline, markOutlineUsed, type GeneratedOutlineRow } from "./queries";
import {
  courseContentSchema,
  IDEMPOTENCY_KEY,
  TOPIC_MAX_LENGTH,
  TOPIC_MIN_LENGTH,
  type CreateCourseBody,
} from "./schemas";

type Caller = Pick<SessionUser, "id" | "plan">;

/** The validated creation request: the outline the preview showed, with the plan's limits applied. */
function validateCreateCourse(user: Caller, body: CreateCourseBody, t: ApiTranslator) {
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
  if (violation) throw appError(violation, t);
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
  user: Caller,
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
  if (violation) throw appError(violation, t);
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
  user: Caller,
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

async function checkAndStore(user: Caller, input: CreateCourseInput, idempotencyKey: string | null, t: ApiTranslator) {
  const stored = await requireOwnOutline(user, input, t);
  return generateAndStore(user, { ...input, mainTopic: stored.topic }, idempotencyKey, t);
}

async function generateAndStore(
  user: Caller,
  input: CreateCourseInput,
  idempotencyKey: string | null,
  t: ApiTranslator,
): Promise<{ course: CourseRow; created: boolean }> {
  await admitCourseGeneration(user, t);
  const courseType = COURSE_TYPE_VALUE[input.type];
  const [first] = input.outline.topics;
  // An outline asked with the learner's material writes its first lesson from it (decision 027).
  const excerpts = await outlineExcerpts(
    user.id,
    input.outlineId,
    `${first.title} ${first.subtopics[0]} ${input.mainTopic}`,
    8,
  );
  const [lesson, photo] = await Promise.all([
    generateLesson({
      excerpts,
      courseTopic: input.mainTopic,
      topicTitle: first.title,
      lessonTitle: first.subtopics[0],
      language: input.language,
      outline: input.outline.topics.flatMap((topic) => topic.subtopics),
      courseType,
    }).catch((error: unknown) => {
      throw modelFailure(error, t) ?? error;
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
  const stored = await storeCourse(
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
                markdown: lesson.markdown,
                citations: lesson.citations,
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
  // The material the outline was asked with now belongs to the course too.
  if (stored.created) await carryOutlineSources(input.outlineId, stored.course.id);
  return stored;
}
