import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { certificates, courses, lessons, quizAttempts, quizzes, topics } from "@/server/db/schema";
import type { StoredQuestion } from "./grading";

export async function topicTitles(courseId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ title: topics.title }).from(topics).where(eq(topics.courseId, courseId)).orderBy(asc(topics.position));
  return rows.map((r) => r.title);
}

export async function lessonCounts(courseId: string): Promise<{ lessonCount: number; doneCount: number }> {
  const db = await getDb();
  const [row] = await db
    .select({
      lessonCount: sql<number>`count(*)`.mapWith(Number),
      doneCount: sql<number>`count(*) filter (where ${lessons.done})`.mapWith(Number),
    })
    .from(lessons)
    .where(eq(lessons.courseId, courseId));
  return row ?? { lessonCount: 0, doneCount: 0 };
}

export type QuizRow = { questions: StoredQuestion[]; servedAt: Date };

export async function findQuiz(courseId: string): Promise<QuizRow | undefined> {
  const db = await getDb();
  const [row] = await db.select({ questions: quizzes.questions, servedAt: quizzes.servedAt }).from(quizzes).where(eq(quizzes.courseId, courseId));
  return row ? { questions: row.questions as StoredQuestion[], servedAt: row.servedAt } : undefined;
}

/** Stores fresh questions (replacing any) and starts their clock. */
export async function storeQuiz(courseId: string, questions: StoredQuestion[]): Promise<void> {
  const db = await getDb();
  await db
    .insert(quizzes)
    .values({ courseId, questions, servedAt: sql`now()` })
    .onConflictDoUpdate({ target: quizzes.courseId, set: { questions, servedAt: sql`now()`, createdAt: sql`now()` } });
}

/** Starts the clock again for the same questions (a retake). */
export async function restartQuizClock(courseId: string): Promise<void> {
  const db = await getDb();
  await db.update(quizzes).set({ servedAt: sql`now()` }).where(eq(quizzes.courseId, courseId));
}

/**
 * Records an attempt; a counted one raises the course's best mark (never lowers it) and, when
 * passing, sets the pass for good. One statement each, so two tabs cannot lower the mark.
 */
export async function recordAttempt(input: {
  courseId: string;
  userId: string;
  mark: number;
  passed: boolean;
  answers: string[];
  counted: boolean;
}): Promise<{ bestMark: number | null; quizPassed: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.insert(quizAttempts).values(input);
    const set = input.counted
      ? {
          bestMark: sql<number>`greatest(coalesce(${courses.bestMark}, 0), ${input.mark})`,
          quizPassed: sql<boolean>`${courses.quizPassed} or ${input.passed}`,
        }
      : { bestMark: sql<number | null>`${courses.bestMark}` };
    const [row] = await tx
      .update(courses)
      .set(set)
      .where(eq(courses.id, input.courseId))
      .returning({ bestMark: courses.bestMark, quizPassed: courses.quizPassed });
    return row;
  });
}

export type CertificateRow = typeof certificates.$inferSelect;
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
  locale: certificates.locale,
};

export async function findCertificateForCourse(courseId: string): Promise<CertificateInfo | undefined> {
  const db = await getDb();
  const [row] = await db.select(infoColumns).from(certificates).where(eq(certificates.courseId, courseId));
  return row;
}

export async function findCertificateByPublicId(publicId: string): Promise<CertificateInfo | undefined> {
  const db = await getDb();
  const [row] = await db.select(infoColumns).from(certificates).where(eq(certificates.publicId, publicId));
  return row;
}

export async function findCertificatePng(publicId: string): Promise<Buffer | null | undefined> {
  const db = await getDb();
  const [row] = await db.select({ png: certificates.png }).from(certificates).where(eq(certificates.publicId, publicId));
  // PGlite hands bytea back as a plain Uint8Array; the mail transports want a Buffer.
  if (!row) return undefined;
  return row.png ? Buffer.from(row.png) : null;
}

export async function storeCertificatePng(publicId: string, png: Buffer): Promise<void> {
  const db = await getDb();
  await db.update(certificates).set({ png }).where(eq(certificates.publicId, publicId));
}

/**
 * Issues the course's certificate once (a second call finds the first) and marks the course
 * completed with its end date. `created` tells whether this call issued it.
 */
export async function issueCertificate(values: Omit<typeof certificates.$inferInsert, "id" | "png">): Promise<{ certificate: CertificateInfo; created: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(certificates).values(values).onConflictDoNothing({ target: certificates.courseId }).returning(infoColumns);
    await tx
      .update(courses)
      .set({ completed: true, endedAt: sql`coalesce(${courses.endedAt}, now())` })
      .where(eq(courses.id, values.courseId!));
    if (inserted[0]) return { certificate: inserted[0], created: true };
    const [existing] = await tx.select(infoColumns).from(certificates).where(eq(certificates.courseId, values.courseId!));
    return { certificate: existing, created: false };
  });
}
