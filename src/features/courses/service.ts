import "server-only";
import type { SQL } from "drizzle-orm";
import { cache } from "react";
import { updateLesson, type LessonChanges } from "@/features/learning/server";
import { COURSE_TYPE_LABEL } from "@/features/plans/client";
import type { ApiTranslator } from "@/i18n/api-translator";
import { isUuid } from "@/lib/ids";
import { courseLanguageByName, courseTextAttributes, type CourseTextAttributes } from "@/lib/course-languages";
import { AppError, appError } from "@/server/http/errors";
import { HTML_LIMITS, HtmlTooComplexError, scanHtml } from "@/server/html/bounds";
import { sanitizeHtml } from "@/server/html/sanitize";
import { isDisplayableImageUrl } from "@/server/media/fetch";
import { isVideoId } from "@/server/media/youtube";
import {
  countCoursesSince,
  countCoursesSinceSql,
  deleteCourseForOwner,
  enrolLearner,
  findCourseByIdempotencyKey,
  findOfferedCourse,
  findCourseForLearner,
  findCourseForOwner,
  findLessonForOwner,
  insertCourseGraph,
  listCourseCards,
  listCatalog,
  listPublicCourses,
  findAssignableCourse,
  listOwnCourseTitles,
  enrolLearners,
  listCoursesWithOutline,
  listEnrolledCourses,
  outlinesOf,
  recordCompletion,
  recordQuizResult,
  removeLearner,
  setCourseSourcesOnly,
  setCourseVisibility,
  startOfMonthUtc,
  updateLessons,
  type CourseCardRow,
  type CourseOutlineRows,
  type CourseRow,
  type LearnerCourseRow,
  type NewCourseGraph,
  type CatalogEntry,
  type EnrolledCourseRow,
  type OfferedCourse,
  type StudiedCourseRow,
  type Visibility,
} from "./queries";
import { contentTopics } from "./content";
import { progressPercent } from "./progress";

export {
  enrolLearners,
  listOwnCourseTitles,
  listPublicCourses,
  progressPercent,
  recordCompletion,
  recordQuizResult,
  removeLearner,
};
export type {
  CourseRow,
  EnrolledCourseRow,
  LearnerCourseRow,
  NewCourseGraph,
  OfferedCourse,
  StudiedCourseRow,
  Visibility,
};

/** An offered course (unlisted or public) as the enrolment screen shows it; undefined otherwise. */
export async function offeredCourse(courseId: unknown): Promise<OfferedCourse | undefined> {
  return isUuid(courseId) ? findOfferedCourse(courseId) : undefined;
}

/** The courses the user enrolled in, with their progress percent in each (My Courses). */
export async function enrolledCourses(userId: string): Promise<(EnrolledCourseRow & { progress: number })[]> {
  return (await listEnrolledCourses(userId)).map((row) => ({ ...row, progress: progressPercent(row) }));
}

export const COURSES_PAGE_SIZE = 9;

/** What a My Courses card shows. */
export type CourseCard = {
  id: string;
  mainTopic: string;
  type: CourseRow["type"];
  lang: string;
  /** `lang` and `dir` of the title, worked out here so the language table stays off the client. */
  text: CourseTextAttributes;
  photo: string | null;
  photoAttribution: string | null;
  completed: boolean;
  progress: number;
  moduleCount: number;
  createdAt: string;
};

function toCard(row: CourseCardRow): CourseCard {
  return {
    id: row.id,
    mainTopic: row.mainTopic,
    type: row.type,
    lang: row.lang,
    text: courseTextAttributes(row.lang),
    photo: row.photo,
    photoAttribution: row.photoAttribution,
    completed: row.completed,
    progress: progressPercent({ lessonCount: row.lessonCount, doneCount: row.doneCount, quizPassed: row.quizPassed }),
    moduleCount: row.lessonCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The first page of My Courses, rendered on the server (no content JSON: the cards do not need it). */
export async function listCourseCardsForUser(
  userId: string,
  page = 1,
  limit = COURSES_PAGE_SIZE,
): Promise<CourseCard[]> {
  return (await listCourseCards(userId, page, limit)).map(toCard);
}

/** A course in the contract's shape (SPEC "Course"), plus what the cards show. */
export type ContractCourse = ContractCourseCard & { content: string };

/** The same without its content JSON (`GET /api/courses?content=false`). */
export type ContractCourseCard = Omit<CourseCard, "type"> & {
  _id: string;
  user: string;
  type: string;
  end: string | null;
  status: "completed" | "pending";
};

/**
 * The contract's list. `content: false` (the My Courses grid) leaves out the content JSON and
 * reads no lesson: the cards show none of it.
 */
export async function listCoursesForApi(
  caller: { id: string },
  query: { page: number; limit: number; userId?: string; content?: boolean },
  t: ApiTranslator,
): Promise<ContractCourse[] | ContractCourseCard[]> {
  if (query.userId !== undefined && query.userId !== caller.id) {
    throw appError("auth:forbidden", t, { key: "courses.notYours" });
  }
  if (query.content === false) {
    return (await listCourseCards(caller.id, query.page, query.limit)).map((row) => toContractCard(row, toCard(row)));
  }
  const rows = await listCoursesWithOutline(caller.id, query.page, query.limit);
  return rows.map((row) => {
    const lessons = row.outline.flatMap((topic) => topic.subtopics);
    const card = toCard({
      ...row,
      lessonCount: lessons.length,
      doneCount: lessons.filter((lesson) => lesson.done).length,
    });
    return { ...toContractCard(row, card), content: JSON.stringify({ [row.mainTopic.toLowerCase()]: row.outline }) };
  });
}

function toContractCard(
  row: Pick<CourseCardRow, "id" | "userId" | "type" | "endedAt" | "completed">,
  card: CourseCard,
): ContractCourseCard {
  return {
    ...card,
    _id: row.id,
    user: row.userId,
    type: COURSE_TYPE_LABEL[row.type],
    end: row.endedAt?.toISOString() ?? null,
    status: row.completed ? "completed" : "pending",
  };
}

export function courseNotFound(t: ApiTranslator): AppError {
  return appError("course:not-found", t);
}

/**
 * The caller's course with their standing in it (decision 037), or undefined for another user's
 * course or an unknown id: the one owner check every feature uses. Cached per server render, so a
 * page's metadata and body read it once.
 */
export const findOwnCourse = cache(async (userId: string, courseId: unknown): Promise<LearnerCourseRow | undefined> =>
  isUuid(courseId) ? findCourseForOwner(userId, courseId) : undefined,
);

/**
 * The course with the caller's standing when they may study it, as its owner or an enrolled
 * learner (`isOwner` tells which); undefined otherwise. Cached per server render.
 */
export const findLearnerCourse = cache(
  async (userId: string, courseId: unknown): Promise<StudiedCourseRow | undefined> =>
    isUuid(courseId) ? findCourseForLearner(userId, courseId) : undefined,
);

/** A course the caller may study (owner or enrolled); any other, or an unknown id, is 404. */
export async function requireLearnerCourse(
  userId: string,
  courseId: unknown,
  t: ApiTranslator,
): Promise<StudiedCourseRow> {
  const course = await findLearnerCourse(userId, courseId);
  if (!course) throw courseNotFound(t);
  return course;
}

/**
 * PATCH /api/courses/{id}: the owner offers the course (unlisted, public) or takes it
 * back (private). Offering needs every lesson written (409 `course:lessons-unwritten`); taking it
 * back keeps its enrolled learners studying. Another user's course is 404.
 */
export async function changeVisibility(
  userId: string,
  courseId: unknown,
  visibility: Visibility,
  t: ApiTranslator,
): Promise<void> {
  const outcome = isUuid(courseId) ? await setCourseVisibility(userId, courseId, visibility) : "not-found";
  if (outcome === "not-found") throw courseNotFound(t);
  if (outcome === "unwritten") throw appError("course:lessons-unwritten", t);
}

/**
 * A course a teacher gives a class: their own or one offered to others, every lesson of it
 * written (learners study the whole course). 404 for any other, 409 with a lesson unwritten.
 */
export async function requireAssignableCourse(
  userId: string,
  courseId: unknown,
  t: ApiTranslator,
): Promise<{ id: string; ownerId: string; mainTopic: string }> {
  const course = isUuid(courseId) ? await findAssignableCourse(userId, courseId) : undefined;
  if (!course) throw courseNotFound(t);
  if (course.unwritten) throw appError("course:lessons-unwritten", t);
  return { id: course.id, ownerId: course.ownerId, mainTopic: course.mainTopic };
}

/**
 * POST /api/courses/{id}/enroll: the caller enrols in an unlisted or public course and studies
 * it from then on; again, or on their own course, nothing changes. A private course and an
 * unknown id are the same 404. Enrolling costs nothing: no course is created, no model is called.
 */
export async function enrol(userId: string, courseId: unknown, t: ApiTranslator): Promise<StudiedCourseRow> {
  if (!isUuid(courseId)) throw courseNotFound(t);
  const studied = await findCourseForLearner(userId, courseId);
  if (studied) return studied;
  if (!(await enrolLearner(userId, courseId))) throw courseNotFound(t);
  return requireLearnerCourse(userId, courseId, t);
}

/** Another user's course and an unknown id look the same: 404. */
export async function requireOwnCourse(userId: string, courseId: unknown, t: ApiTranslator): Promise<LearnerCourseRow> {
  const course = await findOwnCourse(userId, courseId);
  if (!course) throw courseNotFound(t);
  return course;
}

/**
 * PUT /api/courses/{id}/sources-only: the owner turns "only from my sources" on or off (decision
 * 028). Another user's course and an unknown id are the same 404.
 */
export async function setSourcesOnly(
  userId: string,
  courseId: unknown,
  sourcesOnly: boolean,
  t: ApiTranslator,
): Promise<void> {
  if (!isUuid(courseId) || !(await setCourseSourcesOnly(userId, courseId, sourcesOnly))) throw courseNotFound(t);
}

export async function requireOwnLesson(userId: string, courseId: unknown, lessonId: unknown, t: ApiTranslator) {
  if (!isUuid(courseId) || !isUuid(lessonId)) throw courseNotFound(t);
  const found = await findLessonForOwner(userId, courseId, lessonId);
  if (!found) throw courseNotFound(t);
  return found;
}

/** The course's topics and lessons; with `learnerId`, each lesson's `done` and `openedAt` are theirs. */
export async function courseOutline(courseId: string, learnerId: string | null = null): Promise<CourseOutlineRows> {
  return (await outlinesOf([courseId], learnerId)).get(courseId) ?? [];
}

export async function storeCourse(
  graph: NewCourseGraph,
  monthlyLimit: { limit: number; message: string } | null,
  claim?: Parameters<typeof insertCourseGraph>[2],
): Promise<{ course: CourseRow; created: boolean }> {
  return insertCourseGraph(graph, monthlyLimit, claim);
}

export async function saveLesson(lessonId: string, values: LessonChanges): Promise<void> {
  await updateLesson(lessonId, values);
}

export async function deleteCourse(userId: string, courseId: unknown, t: ApiTranslator): Promise<void> {
  if (!isUuid(courseId) || !(await deleteCourseForOwner(userId, courseId))) throw courseNotFound(t);
}

/** Lets other requests run between two pieces of synchronous work. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The contract's /api/update: the client sends the whole content JSON back. Its structure must
 * be the course's own (same topics and lessons, same titles); what changes is each lesson's
 * done flag, theory (sanitized), image (https or inline) and video id. Every changed theory is
 * checked against the HTML bounds before any is sanitized (413, nothing stored), and the event
 * loop is given back between two lessons, so a request never holds it for more than one.
 * Done is the caller's own (decision 037) and can only change on a lesson the server has served
 * to them (`openedAt`): a change on any other is `409 lesson:not-opened`, and nothing is stored.
 */
export async function applyContentUpdate(
  userId: string,
  courseId: unknown,
  content: unknown,
  t: ApiTranslator,
): Promise<void> {
  const course = await requireOwnCourse(userId, courseId, t);
  const outline = await courseOutline(course.id, userId);
  const topicsIn = contentTopics(content);
  const mismatch = () => appError("course:content-mismatch", t);
  const imageNotAllowed = () => appError("course:image-not-allowed", t);
  if (!Array.isArray(topicsIn) || topicsIn.length !== outline.length) throw mismatch();
  const updates: { id: string; values: LessonChanges; theory?: string }[] = [];
  const ticks: { lessonId: string; done: boolean }[] = [];
  let notOpened = false;
  outline.forEach(({ topic, lessons }, t) => {
    const incoming = topicsIn[t] as { title?: unknown; subtopics?: unknown };
    if (
      incoming?.title !== topic.title ||
      !Array.isArray(incoming.subtopics) ||
      incoming.subtopics.length !== lessons.length
    )
      throw mismatch();
    lessons.forEach((lesson, l) => {
      const sub = (incoming.subtopics as Record<string, unknown>[])[l];
      if (sub?.title !== lesson.title) throw mismatch();
      const values: LessonChanges = {};
      let theory: string | undefined;
      if (typeof sub.done === "boolean" && sub.done !== lesson.done) {
        if (!lesson.openedAt) notOpened = true;
        ticks.push({ lessonId: lesson.id, done: sub.done });
      }
      if (typeof sub.theory === "string" && sub.theory && sub.theory !== lesson.theory) {
        theory = sub.theory.slice(0, 500_000);
        values.generatedAt = lesson.generatedAt ?? new Date();
      }
      if (typeof sub.image === "string" && sub.image !== (lesson.imageUrl ?? "")) {
        // Only a media provider's picture or an inline one: the server fetches lesson pictures (PDF).
        if (sub.image !== "" && !isDisplayableImageUrl(sub.image)) throw imageNotAllowed();
        values.imageUrl = sub.image || null;
      }
      if (
        typeof sub.youtube === "string" &&
        sub.youtube !== (lesson.youtubeId ?? "") &&
        (sub.youtube === "" || isVideoId(sub.youtube))
      ) {
        values.youtubeId = sub.youtube || null;
      }
      if (Object.keys(values).length) updates.push({ id: lesson.id, values, theory });
    });
  });
  try {
    for (const update of updates) if (update.theory !== undefined) scanHtml(update.theory);
    if (notOpened) throw appError("lesson:not-opened", t);
    for (const update of updates) {
      if (update.theory === undefined) continue;
      await yieldToEventLoop();
      update.values.theory = sanitizeHtml(update.theory);
    }
  } catch (error) {
    if (HtmlTooComplexError.is(error)) throw appError("html:too-complex", t, { values: { ...HTML_LIMITS } });
    throw error;
  }
  await updateLessons(
    course.id,
    updates.map(({ id, values }) => ({ id, values })),
    { userId, changes: ticks },
  );
}

export async function countCoursesThisMonth(userId: string): Promise<number> {
  return countCoursesSince(userId, startOfMonthUtc());
}

/** `countCoursesThisMonth` as a SQL expression, for a check that reads it in another statement. */
export function countCoursesThisMonthSql(userId: string): SQL<number> {
  return countCoursesSinceSql(userId, startOfMonthUtc());
}

export async function findCourseByKey(userId: string, idempotencyKey: string): Promise<CourseRow | undefined> {
  return findCourseByIdempotencyKey(userId, idempotencyKey);
}

/** Catalogue entries a page shows. */
export const CATALOG_PAGE_SIZE = 12;

/**
 * The catalogue's page for what the address asks (`?q=&lang=&type=&page=`): anything not
 * understood is left out (an unknown language, a page below 1), never an error, since anyone can
 * type an address. `q` keeps its first 100 characters.
 */
export async function catalogPage(params: Record<string, string | string[] | undefined>): Promise<{
  entries: CatalogEntry[];
  total: number;
  pages: number;
  query: { q: string; lang: string | null; type: CatalogEntry["type"] | null; page: number };
}> {
  const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : "");
  const q = one(params.q).trim().slice(0, 100);
  const lang = courseLanguageByName(one(params.lang))?.name ?? null;
  const typeParam = one(params.type);
  const type = typeParam === "text_image" || typeParam === "video_text" ? typeParam : null;
  const page = Math.min(Math.max(Number.parseInt(one(params.page), 10) || 1, 1), 1000);
  const { entries, total } = await listCatalog({ q, lang, type, page, limit: CATALOG_PAGE_SIZE });
  return { entries, total, pages: Math.max(1, Math.ceil(total / CATALOG_PAGE_SIZE)), query: { q, lang, type, page } };
}
