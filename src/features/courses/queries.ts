import "server-only";
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import {
  insertLessons,
  lessonsCounted,
  lessonsSeenBy,
  progressOf,
  setLessonsDone,
  updateCourseLessons,
  type LessonChanges,
} from "@/features/learning/server";
import { getDb, type Db } from "@/server/db/client";
import { authoredBy } from "./editor-queries";
import { listLane } from "@/server/db/lane";
import {
  courseCreations,
  courseLearners,
  courseVisibility,
  courses,
  lessonProgress,
  lessons,
  topics,
  users,
  type LessonCitation,
} from "@/server/db/schema";
import { AppError } from "@/server/http/errors";

export type CourseRow = typeof courses.$inferSelect;

/** A learner's standing in a course (course_learners, decision 037): none yet is the defaults below. */
type LearnerStanding = {
  quizPassed: boolean;
  bestMark: number | null;
  completed: boolean;
  endedAt: Date | null;
};

/** A course as one learner sees it: the course's row and their standing in it. */
export type LearnerCourseRow = CourseRow & LearnerStanding;

/** The standing columns of `course_learners` in a select that left-joins it, with the defaults of no row. */
const standingColumns = {
  quizPassed: sql<boolean>`coalesce(${courseLearners.quizPassed}, false)`,
  bestMark: courseLearners.bestMark,
  completed: sql<boolean>`coalesce(${courseLearners.completed}, false)`,
  endedAt: courseLearners.endedAt,
};

/** Joins the standing of `userId` (a value or a placeholder) in each selected course. */
const standingOf = (userId: string | SQL | ReturnType<typeof sql.placeholder>) =>
  and(eq(courseLearners.courseId, courses.id), eq(courseLearners.userId, userId));
export type LessonRow = typeof lessons.$inferSelect;
export type TopicRow = typeof topics.$inferSelect;

type NewLesson = {
  title: string;
  theory?: string;
  /** The Markdown `theory` was rendered from (the model's); null for HTML given through the contract. */
  markdown?: string | null;
  /** The citations `theory` keeps, when it was written from the outline's material (decision 027). */
  citations?: LessonCitation[];
  imageUrl?: string | null;
  imageAttribution?: string | null;
  youtubeId?: string | null;
  generatedAt?: Date | null;
};

export type NewCourseGraph = {
  userId: string;
  mainTopic: string;
  type: CourseRow["type"];
  lang: string;
  photo: string | null;
  photoAttribution: string | null;
  idempotencyKey: string | null;
  topics: { title: string; lessons: NewLesson[] }[];
};

/** A month's courses, counted from the first day of the current month (UTC). */
export function startOfMonthUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function findCourseByIdempotencyKey(userId: string, key: string): Promise<CourseRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.userId, userId), eq(courses.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** Courses the user created since a date, deleted ones included (the creations record). */
const creationsSince = (userId: string, since: Date) =>
  and(eq(courseCreations.userId, userId), gte(courseCreations.createdAt, since));

export async function countCoursesSince(userId: string, since: Date, db: Db | null = null): Promise<number> {
  const [row] = await (db ?? (await getDb()))
    .select({ n: count() })
    .from(courseCreations)
    .where(creationsSince(userId, since));
  return Number(row?.n ?? 0);
}

/** The same count as a scalar SQL expression, to be read inside another statement. */
export function countCoursesSinceSql(userId: string, since: Date): SQL<number> {
  const subquery = new QueryBuilder().select({ n: count() }).from(courseCreations).where(creationsSince(userId, since));
  return sql<number>`(${subquery})`.mapWith(Number);
}

/**
 * Stores a course with its topics and lessons in one transaction: all of it or nothing.
 * The user's row is locked first, so two creations by one user are serialized: the monthly
 * limit cannot be passed by racing, and a retried idempotency key finds the first course.
 * `claim` runs in the transaction just before the course is written (a replayed key skips it);
 * throwing there stores nothing.
 */
export async function insertCourseGraph(
  graph: NewCourseGraph,
  monthlyLimit: { limit: number; message: string } | null,
  claim?: (tx: Db) => Promise<void>,
): Promise<{ course: CourseRow; created: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${users.id} from ${users} where ${users.id} = ${graph.userId} for update`);
    if (graph.idempotencyKey) {
      const [existing] = await tx
        .select()
        .from(courses)
        .where(and(eq(courses.userId, graph.userId), eq(courses.idempotencyKey, graph.idempotencyKey)))
        .limit(1);
      if (existing) return { course: existing, created: false };
    }
    if (monthlyLimit && (await countCoursesSince(graph.userId, startOfMonthUtc(), tx)) >= monthlyLimit.limit) {
      throw new AppError("plan:course-limit", monthlyLimit.message);
    }
    await claim?.(tx);
    const [course] = await tx
      .insert(courses)
      .values({
        userId: graph.userId,
        mainTopic: graph.mainTopic,
        type: graph.type,
        lang: graph.lang,
        photo: graph.photo,
        photoAttribution: graph.photoAttribution,
        idempotencyKey: graph.idempotencyKey,
      })
      .onConflictDoNothing({ target: [courses.userId, courses.idempotencyKey] })
      .returning();
    if (!course) {
      // Another instance stored the same key between our read and insert.
      const [existing] = await tx
        .select()
        .from(courses)
        .where(and(eq(courses.userId, graph.userId), eq(courses.idempotencyKey, graph.idempotencyKey!)))
        .limit(1);
      return { course: existing, created: false };
    }
    await tx.insert(courseCreations).values({ userId: graph.userId, courseId: course.id });
    const topicRows = await tx
      .insert(topics)
      .values(graph.topics.map((t, position) => ({ courseId: course.id, position, number: position, title: t.title })))
      .returning({ id: topics.id, position: topics.position });
    const lessonValues = topicRows.flatMap((topicRow) =>
      graph.topics[topicRow.position].lessons.map((lesson, position) => ({
        courseId: course.id,
        topicId: topicRow.id,
        position,
        title: lesson.title,
        theory: lesson.theory ?? "",
        markdown: lesson.markdown ?? null,
        citations: lesson.citations ?? [],
        imageUrl: lesson.imageUrl ?? null,
        imageAttribution: lesson.imageAttribution ?? null,
        youtubeId: lesson.youtubeId ?? null,
        generatedAt: lesson.generatedAt ?? null,
      })),
    );
    await insertLessons(tx as unknown as Db, lessonValues);
    return { course, created: true };
  });
}

/** What a card shows of a course, and what the contract's list adds to it. */
const cardColumns = {
  id: courses.id,
  userId: courses.userId,
  mainTopic: courses.mainTopic,
  type: courses.type,
  lang: courses.lang,
  photo: courses.photo,
  photoAttribution: courses.photoAttribution,
  completed: standingColumns.completed,
  quizPassed: standingColumns.quizPassed,
  endedAt: standingColumns.endedAt,
  createdAt: courses.createdAt,
};

export type CourseCardRow = Pick<LearnerCourseRow, keyof typeof cardColumns> & {
  lessonCount: number;
  doneCount: number;
};

/**
 * A page of the owner's courses, newest first (the index on user and date). Counted per course of
 * the page, after the limit: a user with many courses does not pay for all of their lessons.
 */
function courseCardsQuery(db: Db) {
  const counts = db
    .select({
      lessonCount: sql<number>`count(*)`.mapWith(Number).as("lesson_count"),
      doneCount: sql<number>`count(*) filter (where ${lessonProgress.done})`.mapWith(Number).as("done_count"),
    })
    .from(lessons)
    // The caller's own progress (decision 037).
    .leftJoin(
      lessonProgress,
      and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, sql.placeholder("userId"))),
    )
    // Review lessons (after a failed quiz, decision 025) and removed ones do not move progress.
    .where(and(eq(lessons.courseId, courses.id), lessonsCounted))
    .as("counts");
  return db
    .select({ ...cardColumns, lessonCount: counts.lessonCount, doneCount: counts.doneCount })
    .from(courses)
    .leftJoin(courseLearners, standingOf(sql.placeholder("userId")))
    .leftJoinLateral(counts, sql`true`)
    .where(inArray(courses.id, pageOfCourseIds(db)))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .prepare("course_cards");
}

/**
 * The ids of one page of the owner's courses, newest first, from the index on user and date
 * alone. The lists select their rows by these ids, so what they build per course (counts, the
 * outline JSON) is built for the page only: with the limit and offset on the outer select, the
 * database builds it for every skipped row too (page 111 of 1,000 courses cost 50× page 1).
 */
function pageOfCourseIds(db: Db) {
  return db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.userId, sql.placeholder("userId")))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
}

/**
 * The SPEC's Course content of each course as JSON text, `[{ title, subtopics: [{ title, theory,
 * youtube, image, done }] }]` in order, built by the database: one row per course instead of a
 * row per lesson, which the driver and drizzle would otherwise parse and map field by field.
 * Written with aliases: drizzle leaves columns in a select's fields unqualified, which inside a
 * subquery would name the subquery's own table. It mirrors `courseContent` (content.ts), the
 * one builder of that shape, for speed; courses-api.test.ts ("GET /api/courses content") holds
 * the two to the same bytes.
 */
const outlineJson = sql<string>`(
  select coalesce(json_agg(json_build_object('title', t.title, 'subtopics', (
    select coalesce(json_agg(json_build_object(
      'title', l.title, 'theory', l.theory, 'youtube', coalesce(l.youtube_id, ''), 'image', coalesce(l.image_url, ''), 'done', coalesce(p.done, false)
    ) order by l.position), '[]'::json)
    from ${lessons} l left join ${lessonProgress} p on p.lesson_id = l.id and p.user_id = ${sql.placeholder("userId")}
    where l.topic_id = t.id and l.archived_at is null
      and (l.learner_id is null or l.learner_id = ${sql.placeholder("userId")})
  )) order by t.position), '[]'::json)::text
  from ${topics} t where t.course_id = ${courses}.${sql.identifier(courses.id.name)} and t.archived_at is null
)`;

function coursesWithOutlineQuery(db: Db) {
  return db
    .select({ ...cardColumns, outline: outlineJson })
    .from(courses)
    .leftJoin(courseLearners, standingOf(sql.placeholder("userId")))
    .where(inArray(courses.id, pageOfCourseIds(db)))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .prepare("courses_with_outline");
}

// Both lists serve every My Courses page and contract client: built once per database handle
// (drizzle's builder costs more CPU than the statements take to run).
const prepared = new WeakMap<
  Db,
  { cards: ReturnType<typeof courseCardsQuery>; withOutline: ReturnType<typeof coursesWithOutlineQuery> }
>();
function preparedLists(db: Db) {
  let lists = prepared.get(db);
  if (!lists) prepared.set(db, (lists = { cards: courseCardsQuery(db), withOutline: coursesWithOutlineQuery(db) }));
  return lists;
}

const pageParams = (userId: string, page: number, limit: number) => ({ userId, limit, offset: (page - 1) * limit });

/** A page of the owner's courses, newest first, with the counts the cards show. */
export async function listCourseCards(userId: string, page: number, limit: number): Promise<CourseCardRow[]> {
  const lists = preparedLists(await getDb());
  return listLane(() => lists.cards.execute(pageParams(userId, page, limit)));
}

type OutlineLesson = { title: string; theory: string; youtube: string; image: string; done: boolean };
type OutlineTopic = { title: string; subtopics: OutlineLesson[] };
export type CourseWithOutlineRow = Pick<LearnerCourseRow, keyof typeof cardColumns> & { outline: OutlineTopic[] };

/** A page of the owner's courses, newest first, each with its topics and lessons (the contract's list). */
export async function listCoursesWithOutline(
  userId: string,
  page: number,
  limit: number,
): Promise<CourseWithOutlineRow[]> {
  const lists = preparedLists(await getDb());
  const rows = await listLane(() => lists.withOutline.execute(pageParams(userId, page, limit)));
  return rows.map(({ outline, ...row }) => ({ ...row, outline: JSON.parse(outline) as OutlineTopic[] }));
}

/** A lesson with one learner's reading of it (decision 037): not done and never opened when there is none. */
type LearnerLessonRow = LessonRow & { done: boolean; openedAt: Date | null };

export type CourseOutlineRows = { topic: TopicRow; lessons: LearnerLessonRow[] }[];

/**
 * The topics and lessons of some courses, in order, grouped by course id; each lesson's `done`
 * and `openedAt` are `learnerId`'s, or none when null.
 */
export async function outlinesOf(
  courseIds: string[],
  learnerId: string | null,
): Promise<Map<string, CourseOutlineRows>> {
  const result = new Map<string, CourseOutlineRows>();
  if (courseIds.length === 0) return result;
  const db = await getDb();
  const [topicRows, lessonRows] = await Promise.all([
    db
      .select()
      .from(topics)
      .where(and(inArray(topics.courseId, courseIds), isNull(topics.archivedAt)))
      .orderBy(asc(topics.position)),
    db
      .select({
        ...getTableColumns(lessons),
        done: sql<boolean>`coalesce(${lessonProgress.done}, false)`,
        openedAt: lessonProgress.openedAt,
      })
      .from(lessons)
      .leftJoin(lessonProgress, progressOf(learnerId))
      .where(and(inArray(lessons.courseId, courseIds), lessonsSeenBy(learnerId)))
      .orderBy(asc(lessons.position)),
  ]);
  const byTopic = new Map<string, LearnerLessonRow[]>();
  for (const lesson of lessonRows) byTopic.set(lesson.topicId, [...(byTopic.get(lesson.topicId) ?? []), lesson]);
  for (const topic of topicRows) {
    const list = result.get(topic.courseId) ?? [];
    list.push({ topic, lessons: byTopic.get(topic.id) ?? [] });
    result.set(topic.courseId, list);
  }
  return result;
}

/** The owner's course with their standing in it. */
export async function findCourseForOwner(userId: string, courseId: string): Promise<LearnerCourseRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ ...getTableColumns(courses), ...standingColumns })
    .from(courses)
    .leftJoin(courseLearners, standingOf(userId))
    .where(and(eq(courses.id, courseId), eq(courses.userId, userId)))
    .limit(1);
  return row;
}

/** A course as one of its learners reads it: their standing, and whether they own or co-author it. */
export type StudiedCourseRow = LearnerCourseRow & { isOwner: boolean; isEditor: boolean };

/**
 * The course with the caller's standing when they may study it: they own it, co-author it (an
 * editor who accepted, issue 35), or they enrolled (a row with `enrolled_at`; unpublishing later
 * does not take it away). Else undefined.
 */
export async function findCourseForLearner(userId: string, courseId: string): Promise<StudiedCourseRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      ...getTableColumns(courses),
      ...standingColumns,
      isOwner: sql<boolean>`${courses.userId} = ${userId}`,
      isEditor: sql<boolean>`${courses.userId} <> ${userId} and ${authoredBy(userId)}`,
    })
    .from(courses)
    .leftJoin(courseLearners, standingOf(userId))
    .where(and(eq(courses.id, courseId), or(authoredBy(userId), isNotNull(courseLearners.enrolledAt))))
    .limit(1);
  return row;
}

export type Visibility = (typeof courseVisibility.enumValues)[number];

/**
 * The owner sets who may enrol. Only a course whose own lessons are all written may be offered
 * (unlisted or public); making it private is always allowed. In one statement, so a lesson
 * emptied meanwhile cannot slip through. `not-found` for another user's course.
 */
export async function setCourseVisibility(
  userId: string,
  courseId: string,
  visibility: Visibility,
): Promise<"set" | "not-found" | "unwritten"> {
  const db = await getDb();
  const unwritten = sql`exists (select 1 from ${lessons} where ${lessons.courseId} = ${courses.id}
    and ${lessons.learnerId} is null and ${lessons.archivedAt} is null and ${lessons.theory} = '')`;
  const [row] = await db
    .update(courses)
    .set({ visibility, updatedAt: sql`now()` })
    .where(
      and(
        eq(courses.id, courseId),
        eq(courses.userId, userId),
        visibility === "private" ? undefined : sql`not ${unwritten}`,
      ),
    )
    .returning({ id: courses.id });
  if (row) return "set";
  const [owned] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.userId, userId)));
  return owned ? "unwritten" : "not-found";
}

/**
 * A course a teacher may give a class: their own, or one offered to others (unlisted or public),
 * with its owner and whether a lesson of its own is still unwritten; undefined otherwise.
 */
export async function findAssignableCourse(
  userId: string,
  courseId: string,
): Promise<{ id: string; ownerId: string; mainTopic: string; unwritten: boolean } | undefined> {
  const db = await getDb();
  const [[row], [unwritten]] = await Promise.all([
    db
      .select({ id: courses.id, ownerId: courses.userId, mainTopic: courses.mainTopic })
      .from(courses)
      .where(and(eq(courses.id, courseId), or(eq(courses.userId, userId), ne(courses.visibility, "private")))),
    db
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.courseId, courseId), lessonsSeenBy(null), eq(lessons.theory, "")))
      .limit(1),
  ]);
  return row ? { ...row, unwritten: Boolean(unwritten) } : undefined;
}

/** The user's own courses by title, newest first (what a teacher may assign to a class). */
export async function listOwnCourseTitles(userId: string): Promise<{ id: string; mainTopic: string }[]> {
  const db = await getDb();
  return db
    .select({ id: courses.id, mainTopic: courses.mainTopic })
    .from(courses)
    .where(eq(courses.userId, userId))
    .orderBy(desc(courses.createdAt))
    .limit(200);
}

/**
 * Enrols a learner in a course offered to others (unlisted or public) that is not theirs: their
 * standing row gets its enrolment date (kept when they were enrolled already). Answers whether
 * they are enrolled now; false for a private course, their own, or an unknown id.
 */
export async function enrolLearner(userId: string, courseId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .insert(courseLearners)
    .select(
      db
        .select({
          courseId: courses.id,
          userId: sql`${userId}::uuid`.as("user_id"),
          quizPassed: sql`false`.as("quiz_passed"),
          bestMark: sql`null::integer`.as("best_mark"),
          completed: sql`false`.as("completed"),
          endedAt: sql`null::timestamptz`.as("ended_at"),
          enrolledAt: sql`now()`.as("enrolled_at"),
          createdAt: sql`now()`.as("created_at"),
          updatedAt: sql`now()`.as("updated_at"),
        })
        .from(courses)
        .where(and(eq(courses.id, courseId), ne(courses.userId, userId), ne(courses.visibility, "private"))),
    )
    .onConflictDoUpdate({
      target: [courseLearners.courseId, courseLearners.userId],
      set: { enrolledAt: sql`coalesce(${courseLearners.enrolledAt}, now())`, updatedAt: sql`now()` },
    })
    .returning({ enrolledAt: courseLearners.enrolledAt });
  return rows.length > 0;
}

/**
 * Enrols learners in courses a class gives them (issue 34 item 4): a class's assignment is the
 * teacher's leave to study the course whatever its visibility. Pairs naming the course's owner are
 * the caller's to leave out; enrolling again keeps the first date. In the caller's transaction.
 */
export async function enrolLearners(tx: Db, pairs: { courseId: string; userId: string }[]): Promise<void> {
  if (pairs.length === 0) return;
  await tx
    .insert(courseLearners)
    .values(pairs.map((pair) => ({ ...pair, enrolledAt: sql`now()` })))
    .onConflictDoUpdate({
      target: [courseLearners.courseId, courseLearners.userId],
      set: { enrolledAt: sql`coalesce(${courseLearners.enrolledAt}, now())`, updatedAt: sql`now()` },
    });
}

/** The learner's standing and enrolment in the course go (leaving it), in the caller's transaction. */
export async function removeLearner(tx: Db, courseId: string, userId: string): Promise<void> {
  await tx.delete(courseLearners).where(and(eq(courseLearners.courseId, courseId), eq(courseLearners.userId, userId)));
}

/**
 * A graded, counted attempt raises the learner's best mark (never lowers it) and, when passing,
 * sets their pass for good; an attempt that is not counted leaves both. In the quiz's transaction.
 */
export async function recordQuizResult(
  tx: Db,
  courseId: string,
  userId: string,
  attempt: { mark: number; passed: boolean; counted: boolean },
): Promise<{ bestMark: number | null; quizPassed: boolean }> {
  const [row] = await tx
    .insert(courseLearners)
    .values({
      courseId,
      userId,
      bestMark: attempt.counted ? attempt.mark : null,
      quizPassed: attempt.counted && attempt.passed,
    })
    .onConflictDoUpdate({
      target: [courseLearners.courseId, courseLearners.userId],
      set: attempt.counted
        ? {
            bestMark: sql`greatest(coalesce(${courseLearners.bestMark}, 0), ${attempt.mark})`,
            quizPassed: sql`${courseLearners.quizPassed} or ${attempt.passed}`,
            updatedAt: sql`now()`,
          }
        : { updatedAt: sql`now()` },
    })
    .returning({ bestMark: courseLearners.bestMark, quizPassed: courseLearners.quizPassed });
  return row;
}

/** The learner finished the course: completed, dated the first time. In the certificate's transaction. */
export async function recordCompletion(tx: Db, courseId: string, userId: string): Promise<void> {
  await tx
    .insert(courseLearners)
    .values({ courseId, userId, completed: true, endedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [courseLearners.courseId, courseLearners.userId],
      set: { completed: true, endedAt: sql`coalesce(${courseLearners.endedAt}, now())`, updatedAt: sql`now()` },
    });
}

export async function findLessonForOwner(
  userId: string,
  courseId: string,
  lessonId: string,
): Promise<{ course: CourseRow; topic: TopicRow; lesson: LessonRow } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ course: courses, topic: topics, lesson: lessons })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(topics, eq(topics.id, lessons.topicId))
    .where(
      and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId), eq(courses.userId, userId), lessonsSeenBy(userId)),
    )
    .limit(1);
  return row;
}

export async function deleteCourseForOwner(userId: string, courseId: string): Promise<boolean> {
  const db = await getDb();
  const deleted = await db
    .delete(courses)
    .where(and(eq(courses.id, courseId), eq(courses.userId, userId)))
    .returning({ id: courses.id });
  return deleted.length > 0;
}

/** Sets the owner's "only from my sources"; false when the course is not theirs. */
export async function setCourseSourcesOnly(userId: string, courseId: string, sourcesOnly: boolean): Promise<boolean> {
  const db = await getDb();
  const updated = await db
    .update(courses)
    .set({ sourcesOnly })
    .where(and(eq(courses.id, courseId), eq(courses.userId, userId)))
    .returning({ id: courses.id });
  return updated.length > 0;
}

/**
 * Applies many lesson updates of one course at once (the contract's /api/update) with the
 * learner's ticks, in one transaction, and dates the course.
 */
export async function updateLessons(
  courseId: string,
  updates: { id: string; values: LessonChanges }[],
  ticks: { userId: string; changes: { lessonId: string; done: boolean }[] },
): Promise<void> {
  if (updates.length === 0 && ticks.changes.length === 0) return;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await updateCourseLessons(tx as unknown as Db, courseId, updates);
    await setLessonsDone(tx as unknown as Db, ticks.userId, courseId, ticks.changes);
    await tx.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, courseId));
  });
}

/** How many lessons each selected course has of its own: no learner's review lesson counts. */
const ownLessonCount = sql<number>`(select count(*) from ${lessons} where ${lessons.courseId} = ${courses.id}
  and ${lessonsCounted})`.mapWith(Number);

/** What someone who may enrol sees of an offered course before enrolling. */
export type OfferedCourse = {
  id: string;
  mainTopic: string;
  lang: string;
  type: (typeof courses.$inferSelect)["type"];
  photo: string | null;
  visibility: Visibility;
  authorName: string;
  lessonCount: number;
  learnerCount: number;
  topics: string[];
};

/** The course when it is offered (unlisted or public), with its author, counts and topic titles; else undefined. */
export async function findOfferedCourse(courseId: string): Promise<OfferedCourse | undefined> {
  const db = await getDb();
  // Side by side: the topics of a course that turns out not to be offered are read and dropped.
  const [[row], titles] = await Promise.all([
    db
      .select({
        id: courses.id,
        mainTopic: courses.mainTopic,
        lang: courses.lang,
        type: courses.type,
        photo: courses.photo,
        visibility: courses.visibility,
        authorName: users.name,
        lessonCount: ownLessonCount,
        learnerCount: courses.learnerCount,
      })
      .from(courses)
      .innerJoin(users, eq(users.id, courses.userId))
      .where(and(eq(courses.id, courseId), ne(courses.visibility, "private"))),
    db
      .select({ title: topics.title })
      .from(topics)
      .where(and(eq(topics.courseId, courseId), isNull(topics.archivedAt)))
      .orderBy(asc(topics.position)),
  ]);
  if (!row) return undefined;
  return { ...row, topics: titles.map((t) => t.title) };
}

/** A course the user enrolled in (not theirs), as My Courses lists it. */
export type EnrolledCourseRow = {
  id: string;
  mainTopic: string;
  lang: string;
  authorName: string;
  lessonCount: number;
  doneCount: number;
  quizPassed: boolean;
};

/** The courses the user enrolled in, most recent first (at most 50): their own progress in each. */
export async function listEnrolledCourses(userId: string): Promise<EnrolledCourseRow[]> {
  const db = await getDb();
  return db
    .select({
      id: courses.id,
      mainTopic: courses.mainTopic,
      lang: courses.lang,
      authorName: users.name,
      lessonCount: ownLessonCount,
      doneCount:
        sql<number>`(select count(*) from ${lessonProgress} join ${lessons} on ${lessons.id} = ${lessonProgress.lessonId}
        where ${lessonProgress.courseId} = ${courses.id} and ${lessonProgress.userId} = ${userId}
        and ${lessonProgress.done} and ${lessonsCounted})`.mapWith(Number),
      quizPassed: courseLearners.quizPassed,
    })
    .from(courseLearners)
    .innerJoin(courses, eq(courses.id, courseLearners.courseId))
    .innerJoin(users, eq(users.id, courses.userId))
    .where(and(eq(courseLearners.userId, userId), isNotNull(courseLearners.enrolledAt)))
    .orderBy(desc(courseLearners.enrolledAt))
    .limit(50);
}

/** One course of the public catalogue. */
export type CatalogEntry = {
  id: string;
  mainTopic: string;
  lang: string;
  type: (typeof courses.$inferSelect)["type"];
  authorName: string;
  lessonCount: number;
  learnerCount: number;
};

/** What the catalogue may be narrowed by; `q` matches the title or a topic's title. */
export type CatalogQuery = {
  q: string;
  lang: string | null;
  type: CatalogEntry["type"] | null;
  page: number;
  limit: number;
};

/** `%` and `_` in the reader's words are letters, not patterns. */
const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of the public courses, most learners first, then newest: with their author, lesson and
 * learner counts, and how many match in all (for the pages' links).
 */
export async function listCatalog(query: CatalogQuery): Promise<{ entries: CatalogEntry[]; total: number }> {
  const db = await getDb();
  const pattern = query.q ? likePattern(query.q) : null;
  const where = and(
    eq(courses.visibility, "public"),
    query.lang ? eq(courses.lang, query.lang) : undefined,
    query.type ? eq(courses.type, query.type) : undefined,
    pattern
      ? or(
          sql`${courses.mainTopic} ilike ${pattern}`,
          sql`exists (select 1 from ${topics} where ${topics.courseId} = ${courses.id}
            and ${topics.archivedAt} is null and ${topics.title} ilike ${pattern})`,
        )
      : undefined,
  );
  // The page's ids first, from the catalogue's index (courses_catalog_idx): what each entry
  // shows besides is read for the page's courses only, never for the rows OFFSET skips.
  const page = db
    .select({ id: courses.id, learnerCount: courses.learnerCount, createdAt: courses.createdAt })
    .from(courses)
    .where(where)
    .orderBy(desc(courses.learnerCount), desc(courses.createdAt), desc(courses.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as("page");
  const [entries, [{ total }]] = await Promise.all([
    db
      .select({
        id: courses.id,
        mainTopic: courses.mainTopic,
        lang: courses.lang,
        type: courses.type,
        authorName: users.name,
        lessonCount: ownLessonCount,
        learnerCount: courses.learnerCount,
      })
      .from(page)
      .innerJoin(courses, eq(courses.id, page.id))
      .innerJoin(users, eq(users.id, courses.userId))
      .orderBy(desc(page.learnerCount), desc(page.createdAt), desc(page.id)),
    db.select({ total: count() }).from(courses).where(where),
  ]);
  return { entries, total };
}

/** The public courses for the sitemap, most recently changed first (at most `limit`). */
export async function listPublicCourses(limit: number): Promise<{ id: string; updatedAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ id: courses.id, updatedAt: courses.updatedAt })
    .from(courses)
    .where(eq(courses.visibility, "public"))
    .orderBy(desc(courses.updatedAt))
    .limit(limit);
}
