import "server-only";
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { recordCompletion, recordQuizResult } from "@/features/courses/server";
import { lessonsCounted, progressOf } from "@/features/learning/server";
import { getDb, type Db } from "@/server/db/client";
import {
  certificates,
  lessonProgress,
  lessons,
  quizAttempts,
  quizServings,
  quizzes,
  topics,
  type AttemptQuestionResult,
} from "@/server/db/schema";
import type { AttemptMark, ServedOrder, StoredQuestion } from "./grading";

/** A topic of the outline as the quiz names it: by its number, which moving it does not change. */
export type OutlineTopic = { number: number; title: string };

/** The course's topics in the outline, in its order (removed ones are not asked about). */
export async function outlineTopics(courseId: string): Promise<OutlineTopic[]> {
  const db = await getDb();
  return db
    .select({ number: topics.number, title: topics.title })
    .from(topics)
    .where(and(eq(topics.courseId, courseId), isNull(topics.archivedAt)))
    .orderBy(asc(topics.position));
}

/**
 * What the certificate needs, read in one statement: how many lessons the course has, how many
 * the learner has done after the server served them, and whether a counted attempt passed.
 */
export async function completionFacts(
  courseId: string,
  userId: string,
): Promise<{ lessonCount: number; openedDoneCount: number; passedAttempt: boolean }> {
  const db = await getDb();
  const [row] = await db
    .select({
      lessonCount: sql<number>`count(*)`.mapWith(Number),
      openedDoneCount:
        sql<number>`count(*) filter (where ${lessonProgress.done} and ${lessonProgress.openedAt} is not null)`.mapWith(
          Number,
        ),
      passedAttempt: sql<boolean>`exists (select 1 from ${quizAttempts} where ${quizAttempts.courseId} = ${courseId} and ${quizAttempts.userId} = ${userId} and ${quizAttempts.passed} and ${quizAttempts.counted})`,
    })
    .from(lessons)
    .leftJoin(lessonProgress, progressOf(userId))
    // Review lessons (decision 025) are extra reading, not part of what the certificate needs.
    .where(and(eq(lessons.courseId, courseId), lessonsCounted));
  return row ?? { lessonCount: 0, openedDoneCount: 0, passedAttempt: false };
}

/** The course's stored questions and when they were written. */
export type QuizRow = { questions: StoredQuestion[]; createdAt: Date; version?: number };

/** The attempt served last to one learner: its id, order, clock and whether it is graded. */
export type Serving = { servedAt: Date; attemptId: string; servedOrder: ServedOrder | null; gradedAt: Date | null };

export async function findQuiz(courseId: string): Promise<QuizRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ questions: quizzes.questions, createdAt: quizzes.createdAt, version: quizzes.version })
    .from(quizzes)
    .where(eq(quizzes.courseId, courseId));
  return row ? { ...row, questions: row.questions as StoredQuestion[] } : undefined;
}

/**
 * The counted attempts of some learners on the course's current questions (made since they were
 * stored), oldest first: each one's answers as stored letters in stored order (a class's item
 * analysis).
 */
export async function attemptsOnCurrentQuestions(
  courseId: string,
  userIds: string[],
  since: Date,
): Promise<{ userId: string; answers: string[]; createdAt: Date }[]> {
  if (userIds.length === 0) return [];
  const db = await getDb();
  return db
    .select({ userId: quizAttempts.userId, answers: quizAttempts.answers, createdAt: quizAttempts.createdAt })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.courseId, courseId),
        inArray(quizAttempts.userId, userIds),
        eq(quizAttempts.counted, true),
        gte(quizAttempts.createdAt, since),
      ),
    )
    .orderBy(asc(quizAttempts.createdAt), asc(quizAttempts.id));
}

/** The course's questions with the learner's serving of them (null before their first). */
export async function findQuizFor(
  courseId: string,
  userId: string,
): Promise<(QuizRow & { own: boolean; serving: Serving | null }) | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      // The learner's own retest when there is one, else the course's questions.
      questions: sql<unknown>`coalesce(${quizServings.questions}, ${quizzes.questions})`,
      own: sql<boolean>`${quizServings.questions} is not null`,
      createdAt: quizzes.createdAt,
      servedAt: quizServings.servedAt,
      attemptId: quizServings.attemptId,
      servedOrder: quizServings.servedOrder,
      gradedAt: quizServings.gradedAt,
    })
    .from(quizzes)
    .leftJoin(quizServings, and(eq(quizServings.courseId, quizzes.courseId), eq(quizServings.userId, userId)))
    .where(eq(quizzes.courseId, courseId));
  if (!row) return undefined;
  const { servedAt, attemptId, servedOrder, gradedAt, ...quiz } = row;
  const serving = servedAt && attemptId ? { servedAt, attemptId, servedOrder, gradedAt } : null;
  return { ...quiz, own: Boolean(quiz.own), questions: quiz.questions as StoredQuestion[], serving };
}

/**
 * Stores a retest written for one learner (decision 038): their serving row carries the
 * questions, so they are served and graded instead of the course's until new ones are written
 * for the course (storeQuiz removes every serving). The attempt open before is closed: a new
 * serving follows. Nothing when the course's quiz is gone.
 */
export async function storeLearnerQuiz(courseId: string, userId: string, questions: StoredQuestion[]): Promise<void> {
  const db = await getDb();
  const json = JSON.stringify(questions);
  await db.execute(sql`
    insert into ${quizServings} (course_id, user_id, served_at, attempt_id, served_order, graded_at, questions)
    select ${quizzes.courseId}, ${userId}::uuid, now(), gen_random_uuid(), null, now(), ${json}::jsonb
    from ${quizzes} where ${quizzes.courseId} = ${courseId}
    on conflict (course_id, user_id) do update
      set questions = excluded.questions, served_order = null, graded_at = now(), attempt_id = gen_random_uuid()`);
}

/**
 * Stores fresh questions, replacing any. Every learner's serving of the old ones goes with them
 * (its order named the old questions): an answer to it is refused as a closed attempt.
 */
export async function storeQuiz(courseId: string, questions: StoredQuestion[]): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(quizServings).where(eq(quizServings.courseId, courseId));
    await tx
      .insert(quizzes)
      .values({ courseId, questions })
      .onConflictDoUpdate({
        target: quizzes.courseId,
        set: { questions, createdAt: sql`now()`, version: sql`${quizzes.version} + 1` },
      });
  });
}

export type QuizSave = { version: number } | { conflict: { version: number; questions: StoredQuestion[] } };

/**
 * An author's questions (issue 35), version-checked: a quiz changed since `expectedVersion` is
 * left as it is and answered as a conflict. Like new questions from the model, they start a new
 * set: attempts served on the old ones are closed and the item analysis counts from now, since a
 * served order names questions by position. A learner's own retest stays theirs. A course with no
 * quiz yet gets this one (version 1).
 */
export async function saveAuthoredQuiz(
  courseId: string,
  expectedVersion: number,
  questions: StoredQuestion[],
): Promise<QuizSave> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ version: quizzes.version, questions: quizzes.questions })
      .from(quizzes)
      .where(eq(quizzes.courseId, courseId))
      .for("update");
    const version = current?.version ?? 0;
    if (version !== expectedVersion)
      return { conflict: { version, questions: (current?.questions ?? []) as StoredQuestion[] } };
    await tx.delete(quizServings).where(and(eq(quizServings.courseId, courseId), isNull(quizServings.questions)));
    await tx
      .insert(quizzes)
      .values({ courseId, questions, version: version + 1 })
      .onConflictDoUpdate({
        target: quizzes.courseId,
        set: { questions, createdAt: sql`now()`, version: version + 1 },
      });
    return { version: version + 1 };
  });
}

/**
 * Serves the learner the questions as a new attempt in a new order: its own id, its clock
 * started, not graded. Their attempt before is closed for good, graded or not. Answers the new
 * attempt's id, or undefined if the quiz is gone.
 */
export async function startAttempt(courseId: string, userId: string, order: ServedOrder): Promise<string | undefined> {
  const db = await getDb();
  const attempt = { attemptId: sql`gen_random_uuid()`, servedOrder: order, servedAt: sql`now()`, gradedAt: null };
  // From the quiz itself, so a quiz deleted meanwhile serves nothing (rather than failing its key).
  const [row] = await db
    .insert(quizServings)
    .select(
      db
        .select({
          courseId: quizzes.courseId,
          userId: sql`${userId}::uuid`.as("user_id"),
          servedAt: sql`now()`.as("served_at"),
          attemptId: sql`gen_random_uuid()`.as("attempt_id"),
          servedOrder: sql`${JSON.stringify(order)}::jsonb`.as("served_order"),
          gradedAt: sql`null::timestamptz`.as("graded_at"),
          // A first serving is of the course's questions; a learner's retest is stored apart.
          questions: sql`null::jsonb`.as("questions"),
        })
        .from(quizzes)
        .where(eq(quizzes.courseId, courseId)),
    )
    .onConflictDoUpdate({ target: [quizServings.courseId, quizServings.userId], set: attempt })
    .returning({ attemptId: quizServings.attemptId });
  return row?.attemptId;
}

/**
 * Closes the learner's attempt and records it, in one transaction: the attempt is taken only if
 * it is still the one served to them and not graded yet (`graded_at is null`, a row lock), so a
 * second or parallel submit of it, or one after a newer serving, records nothing and gets
 * undefined. A counted attempt raises the learner's best mark (never lowers it) and, when
 * passing, sets their pass for good (recordQuizResult, in this transaction).
 */
export async function recordAttempt(input: {
  courseId: string;
  userId: string;
  attemptId: string;
  mark: number;
  passed: boolean;
  answers: string[];
  counted: boolean;
  results: AttemptQuestionResult[];
}): Promise<{ bestMark: number | null; quizPassed: boolean } | undefined> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(quizServings)
      .set({ gradedAt: sql`now()` })
      .where(
        and(
          eq(quizServings.courseId, input.courseId),
          eq(quizServings.userId, input.userId),
          eq(quizServings.attemptId, input.attemptId),
          isNull(quizServings.gradedAt),
        ),
      )
      .returning({ courseId: quizServings.courseId });
    if (closed.length === 0) return undefined;
    await tx.insert(quizAttempts).values(input);
    return recordQuizResult(tx as unknown as Db, input.courseId, input.userId, input);
  });
}

/** A graded attempt as mastery and remediation read it: newest first. */
export type AttemptRecord = {
  attemptId: string | null;
  passed: boolean;
  counted: boolean;
  results: AttemptQuestionResult[] | null;
  createdAt: Date;
};

/** The learner's graded attempts of the course, newest first, at most `limit`. */
export async function recentAttempts(courseId: string, userId: string, limit: number): Promise<AttemptRecord[]> {
  const db = await getDb();
  return db
    .select({
      attemptId: quizAttempts.attemptId,
      passed: quizAttempts.passed,
      counted: quizAttempts.counted,
      results: quizAttempts.results,
      createdAt: quizAttempts.createdAt,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.courseId, courseId), eq(quizAttempts.userId, userId)))
    .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id))
    .limit(limit);
}

/**
 * What the quiz page says of the learner's attempts so far: the newest counted one and the best
 * (the most right answers, the newer of equals). A late attempt does not count, so it is in neither.
 */
export async function quizMarks(
  courseId: string,
  userId: string,
): Promise<{ last: AttemptMark | null; best: AttemptMark | null }> {
  const db = await getDb();
  const columns = {
    score: sql<number>`${quizAttempts.mark} / 10`.mapWith(Number),
    total: sql<number>`jsonb_array_length(${quizAttempts.answers})`.mapWith(Number),
    passed: quizAttempts.passed,
  };
  const counted = and(
    eq(quizAttempts.courseId, courseId),
    eq(quizAttempts.userId, userId),
    eq(quizAttempts.counted, true),
  );
  const [[last], [best]] = await Promise.all([
    db.select(columns).from(quizAttempts).where(counted).orderBy(desc(quizAttempts.createdAt)).limit(1),
    db
      .select(columns)
      .from(quizAttempts)
      .where(counted)
      .orderBy(desc(quizAttempts.mark), desc(quizAttempts.createdAt))
      .limit(1),
  ]);
  return { last: last ?? null, best: best ?? null };
}

/**
 * Every question text the course's attempts asked, or one learner's attempts with `userId` (the
 * retest asks none of them again).
 */
export async function askedQuestions(courseId: string, userId?: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ results: quizAttempts.results })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.courseId, courseId),
        userId ? eq(quizAttempts.userId, userId) : undefined,
        isNotNull(quizAttempts.results),
      ),
    );
  return rows.flatMap((r) => (r.results ?? []).map((q) => q.question));
}

type CertificateRow = typeof certificates.$inferSelect;
export type CertificateInfo = Omit<CertificateRow, "png">;

const infoColumns = {
  id: certificates.id,
  publicId: certificates.publicId,
  userId: certificates.userId,
  courseId: certificates.courseId,
  holderName: certificates.holderName,
  courseTitle: certificates.courseTitle,
  issuedAt: certificates.issuedAt,
  shortCode: certificates.shortCode,
  courseLang: certificates.courseLang,
  lessonCount: certificates.lessonCount,
  quizMark: certificates.quizMark,
  quizQuestions: certificates.quizQuestions,
  locale: certificates.locale,
  courseVersion: certificates.courseVersion,
  courseVersionAt: certificates.courseVersionAt,
};

/** The learner's certificate of the course (each learner of a course has their own). */
export async function findCertificateForCourse(courseId: string, userId: string): Promise<CertificateInfo | undefined> {
  const db = await getDb();
  const [row] = await db
    .select(infoColumns)
    .from(certificates)
    .where(and(eq(certificates.courseId, courseId), eq(certificates.userId, userId)));
  return row;
}

export async function findCertificateByPublicId(publicId: string): Promise<CertificateInfo | undefined> {
  const db = await getDb();
  const [row] = await db.select(infoColumns).from(certificates).where(eq(certificates.publicId, publicId));
  return row;
}

export async function findCertificatePng(publicId: string): Promise<Buffer | null | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ png: certificates.png })
    .from(certificates)
    .where(eq(certificates.publicId, publicId));
  // PGlite hands bytea back as a plain Uint8Array; the mail transports want a Buffer.
  if (!row) return undefined;
  return row.png ? Buffer.from(row.png) : null;
}

export async function storeCertificatePng(publicId: string, png: Buffer): Promise<void> {
  const db = await getDb();
  await db.update(certificates).set({ png }).where(eq(certificates.publicId, publicId));
}

/**
 * Issues the learner's certificate of the course once (a second call finds the first) and marks
 * the course completed for them with its end date. `created` tells whether this call issued it.
 */
export async function issueCertificate(
  values: Omit<typeof certificates.$inferInsert, "id" | "png">,
): Promise<{ certificate: CertificateInfo; created: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(certificates)
      .values(values)
      .onConflictDoNothing({ target: [certificates.courseId, certificates.userId] })
      .returning(infoColumns);
    await recordCompletion(tx as unknown as Db, values.courseId!, values.userId!);
    if (inserted[0]) return { certificate: inserted[0], created: true };
    const [existing] = await tx
      .select(infoColumns)
      .from(certificates)
      .where(and(eq(certificates.courseId, values.courseId!), eq(certificates.userId, values.userId!)));
    return { certificate: existing, created: false };
  });
}

/**
 * A learner leaves the course: their serving and attempts go, in the caller's transaction. Their
 * certificate stays: it is a record others may verify, as it outlives the course and the account.
 */
export async function forgetQuizLearner(tx: Db, courseId: string, userId: string): Promise<void> {
  await tx.delete(quizServings).where(and(eq(quizServings.courseId, courseId), eq(quizServings.userId, userId)));
  await tx.delete(quizAttempts).where(and(eq(quizAttempts.courseId, courseId), eq(quizAttempts.userId, userId)));
}
