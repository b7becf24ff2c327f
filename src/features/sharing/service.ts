import "server-only";
import { randomBytes } from "node:crypto";
import { courseContent, courseShareUrl } from "@/features/courses/client";
import { courseOutline, offeredCourse, requireOwnCourse, storeCourse, type CourseRow } from "@/features/courses/server";
import { COURSE_TYPE_LABEL, isPaidPlan, type Plan } from "@/features/plans/client";
import type { ApiTranslator } from "@/i18n/api-translator";
import { isUuid } from "@/lib/ids";
import { citedIn } from "@/lib/citations";
import { env } from "@/server/env";
import { appError } from "@/server/http/errors";
import { hitRateLimit, rateLimitError } from "@/server/http/rate-limit";
import { findCourseByShareId, startSharing, stopSharing } from "./queries";

/** 128 random bits in base64url: 22 characters, never a course id (those are UUIDs). */
const SHARE_ID = /^[A-Za-z0-9_-]{22}$/;

export function isShareId(value: unknown): value is string {
  return typeof value === "string" && SHARE_ID.test(value);
}

function newShareId(): string {
  return randomBytes(16).toString("base64url");
}

export async function shareCourse(
  userId: string,
  courseId: unknown,
  t: ApiTranslator,
): Promise<{ shareId: string; url: string }> {
  const course = await requireOwnCourse(userId, courseId, t);
  const shareId = await startSharing(userId, course.id, newShareId());
  if (!shareId) throw appError("course:not-found", t);
  return { shareId, url: courseShareUrl(env().APP_URL, shareId) };
}

export async function unshareCourse(userId: string, courseId: unknown, t: ApiTranslator): Promise<void> {
  if (!isUuid(courseId) || !(await stopSharing(userId, courseId))) throw appError("course:not-found", t);
}

/** The shared course, or undefined for an unknown id, a course no longer shared, or a course id. */
export async function findSharedCourse(shareId: unknown): Promise<CourseRow | undefined> {
  return isShareId(shareId) ? findCourseByShareId(shareId) : undefined;
}

async function requireSharedCourse(shareId: unknown, t: ApiTranslator): Promise<CourseRow> {
  const course = await findSharedCourse(shareId);
  if (!course) throw appError("share:not-found", t);
  return course;
}

/** The contract's `GET /api/shareable`: a list whose one item is the shared course (SPEC "Shared course"). */
export async function sharedCourseForApi(shareId: unknown, t: ApiTranslator) {
  const course = await requireSharedCourse(shareId, t);
  const outline = await courseOutline(course.id);
  const content = courseContent(
    course.mainTopic,
    outline.map(({ topic, lessons }) => ({
      title: topic.title,
      // Progress is the owner's: a visitor sees the lessons, not who has read them.
      lessons: lessons.map((l) => ({ title: l.title, theory: l.theory, youtube: l.youtubeId, image: l.imageUrl })),
    })),
  );
  return [
    {
      content: JSON.stringify(content),
      type: COURSE_TYPE_LABEL[course.type].toLowerCase(),
      mainTopic: course.mainTopic,
      lang: course.lang,
    },
  ];
}

/** A course's outline and its first written lesson as a sample: what a public page shows of it. */
async function outlineWithSample(courseId: string) {
  const outline = await courseOutline(courseId);
  const lessons = outline.flatMap((o) => o.lessons);
  const sample = lessons.find((l) => l.theory.trim() !== "");
  return {
    lessonCount: lessons.length,
    outline: outline.map(({ topic, lessons }) => ({ title: topic.title, lessons: lessons.map((l) => l.title) })),
    sample: sample
      ? {
          title: sample.title,
          theory: sample.theory,
          // The quotes its superscripts cite (decision 027): never the files or their ids.
          citations: citedIn(sample.theory, sample.citations).map(({ n, sourceTitle, pageFrom, pageTo, quote }) => ({
            n,
            sourceTitle,
            pageFrom,
            pageTo,
            quote,
          })),
          imageUrl: sample.imageUrl,
          imageAttribution: sample.imageAttribution,
        }
      : null,
  };
}

/** What a public page shows of a course: its title, type, language, picture, outline and sample lesson. */
export type CoursePreview = {
  mainTopic: string;
  type: CourseRow["type"];
  lang: string;
  photo: string | null;
} & Awaited<ReturnType<typeof outlineWithSample>>;

/** What the public shared page shows: the outline and the first written lesson as a sample. */
export async function sharedCoursePreview(
  shareId: unknown,
): Promise<(CoursePreview & { shareId: string }) | undefined> {
  const course = await findSharedCourse(shareId);
  if (!course) return undefined;
  const { mainTopic, type, lang, photo } = course;
  return { shareId: course.shareId!, mainTopic, type, lang, photo, ...(await outlineWithSample(course.id)) };
}

/**
 * A course listed in the catalogue as its public page shows it, with its author and learner
 * count; undefined for any other course (an unlisted one is reached by its own link only).
 */
export async function catalogCoursePreview(
  courseId: unknown,
): Promise<(CoursePreview & { id: string; authorName: string; learnerCount: number }) | undefined> {
  if (!isUuid(courseId)) return undefined;
  // Side by side: the outline of a course that turns out not to be public is read and dropped.
  const [offered, rest] = await Promise.all([offeredCourse(courseId), outlineWithSample(courseId)]);
  if (offered?.visibility !== "public") return undefined;
  const { id, mainTopic, type, lang, photo, authorName, learnerCount } = offered;
  return { id, mainTopic, type, lang, photo, authorName, learnerCount, ...rest };
}

/**
 * Copies one user may save an hour. Each copy duplicates every lesson of the course, so a script
 * saving one shared course over and over fills the database (40 copies in 2 s were measured); 20
 * is far above what a reader saves in an hour and bounds such a script to 20 courses an hour.
 */
const COPY_RULE = { limit: 20, windowMs: 60 * 60 * 1000 };

/**
 * Saves a copy of a shared course as the caller's own: the written lessons with their pictures and
 * videos, none of the owner's progress, notes, chat or quiz. It counts as a course created (the
 * Free allowance), but the plan's generation limits (topics, type, language) do not apply: they
 * are on generating, not on reading.
 */
export async function copySharedCourse(
  user: { id: string; plan: Plan },
  shareId: unknown,
  t: ApiTranslator,
): Promise<CourseRow> {
  const copies = await hitRateLimit(`share-copy:${user.id}`, COPY_RULE);
  if (copies.limited) throw rateLimitError(copies, "share:copy-rate-limited", t("sharing.copyTooMany"));
  const source = await requireSharedCourse(shareId, t);
  const outline = await courseOutline(source.id);
  const limit = env().FREE_COURSES_PER_MONTH;
  const { course } = await storeCourse(
    {
      userId: user.id,
      mainTopic: source.mainTopic,
      type: source.type,
      lang: source.lang,
      photo: source.photo,
      photoAttribution: source.photoAttribution,
      idempotencyKey: null,
      topics: outline.map(({ topic, lessons }) => ({
        title: topic.title,
        lessons: lessons.map((l) => ({
          title: l.title,
          theory: l.theory,
          // The quotes go with the text; the owner's source ids stay with the owner.
          citations: citedIn(l.theory, l.citations).map((c) => ({ ...c, sourceId: "" })),
          imageUrl: l.imageUrl,
          imageAttribution: l.imageAttribution,
          youtubeId: l.youtubeId,
          generatedAt: l.generatedAt,
        })),
      })),
    },
    isPaidPlan(user.plan) ? null : { limit, message: t("generation.courseLimit", { limit }) },
  );
  return course;
}
