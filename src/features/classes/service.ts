import "server-only";
import { randomInt } from "node:crypto";
import { cache } from "react";
import { enrolLearners, progressPercent, requireAssignableCourse } from "@/features/courses/server";
import { learnersMastery } from "@/features/mastery/server";
import { isPaidPlan } from "@/features/plans/client";
import { quizForItemAnalysis } from "@/features/quiz/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { csvRows } from "@/lib/csv";
import { isUuid } from "@/lib/ids";
import type { SessionUser } from "@/server/auth/session";
import { getDb, type Db } from "@/server/db/client";
import { appError } from "@/server/http/errors";
import { firstAttempts, itemAnalysis, type ItemStats } from "./item-analysis";
import {
  addMember,
  deleteAssignment,
  deleteClass,
  deleteMember,
  findClassByCode,
  findMemberClass,
  findUserIdByEmail,
  insertClass,
  learnerIds,
  listAssignments,
  listLearnerAssignments,
  listMemberClasses,
  listMembers,
  setJoinCode,
  setMemberNotify,
  upsertAssignment,
  type AssignmentRow,
  type MemberClass,
} from "./queries";
import { queueAssignmentMail, scheduleDueReminder } from "./mail-jobs";
import { learnerCourseFacts } from "./report-queries";

export { listLearnerAssignments, listMemberClasses };
export type { AssignmentRow, MemberClass };

/** No I, L, O, 0 or 1: a code read aloud or copied from a board is typed right. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const JOIN_CODE_LENGTH = 8;
/** Draws before giving up: 31^8 codes make a second collision all but impossible. */
const CODE_DRAWS = 5;

function newJoinCode(): string {
  return Array.from({ length: JOIN_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
}

/** A typed code as stored: capitals, without the dash or spaces it is shown with; null when it cannot be one. */
function normalizeJoinCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "");
  return code.length === JOIN_CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c)) ? code : null;
}

/** The code as people see it: two groups of four. */
export const shownJoinCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** POST /api/classes: a user on a paid plan makes a class and is its first teacher. */
export async function createClass(user: SessionUser, name: string, t: ApiTranslator) {
  if (!isPaidPlan(user.plan)) throw appError("class:paid-plan", t);
  for (let draw = 0; draw < CODE_DRAWS; draw++) {
    const made = await insertClass(user.id, name, newJoinCode());
    if (made) return made;
  }
  throw new Error("No free join code after several draws");
}

/** The class when the caller is in it; any other class and an unknown id are the same 404. */
async function requireMemberClass(userId: string, classId: unknown, t: ApiTranslator): Promise<MemberClass> {
  const found = isUuid(classId) ? await findMemberClass(userId, classId) : undefined;
  if (!found) throw appError("class:not-found", t);
  return found;
}

async function requireTeacher(userId: string, classId: unknown, t: ApiTranslator): Promise<MemberClass> {
  const found = await requireMemberClass(userId, classId, t);
  if (found.role !== "teacher") throw appError("class:teacher-only", t);
  return found;
}

async function requireClassOwner(userId: string, classId: unknown, t: ApiTranslator): Promise<MemberClass> {
  const found = await requireTeacher(userId, classId, t);
  if (!found.isOwner) throw appError("class:owner-only", t);
  return found;
}

/** A new join code: the old code and link stop working. The class's owner only. */
export async function rotateJoinCode(userId: string, classId: unknown, t: ApiTranslator): Promise<string> {
  const found = await requireClassOwner(userId, classId, t);
  for (let draw = 0; draw < CODE_DRAWS; draw++) {
    const code = newJoinCode();
    if (await setJoinCode(userId, found.id, code)) return code;
  }
  throw new Error("No free join code after several draws");
}

/** What the join screen shows before joining: the class's name and its teachers; undefined for an unknown code. */
export async function classForCode(typed: string) {
  const code = normalizeJoinCode(typed);
  const found = code ? await findClassByCode(code) : undefined;
  if (!found) return undefined;
  const teachers = (await listMembers(found.id)).filter((m) => m.role === "teacher").map((m) => m.name);
  return { id: found.id, name: found.name, teachers };
}

/** Members' enrolment in courses, leaving out a course's own author (they study it as its owner). */
const enrolmentsFor = (assignments: Pick<AssignmentRow, "courseId" | "ownerId">[], userIds: string[]) =>
  assignments.flatMap((a) =>
    userIds.filter((u) => u !== a.ownerId).map((userId) => ({ courseId: a.courseId, userId })),
  );

/**
 * POST /api/classes/join: the caller joins as a learner and is enrolled in every course the class
 * was given, in one transaction. Joining again changes nothing; a teacher stays a teacher.
 */
export async function joinClass(userId: string, typed: string, t: ApiTranslator): Promise<{ classId: string }> {
  const code = normalizeJoinCode(typed);
  const found = code ? await findClassByCode(code) : undefined;
  if (!found) throw appError("class:unknown-code", t);
  // A member already (a learner, or a teacher following their own link) stays as they are.
  if (await findMemberClass(userId, found.id)) return { classId: found.id };
  const db = await getDb();
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await addMember(tx, found.id, userId, "learner");
    await enrolLearners(tx, enrolmentsFor(await listAssignments(tx, found.id), [userId]));
  });
  return { classId: found.id };
}

/** How far ahead a due date may be set: a typo of a year is caught. */
const MAX_DUE_MS = 5 * 365 * 24 * 60 * 60 * 1000;

/**
 * POST /api/classes/{id}/assignments: a teacher gives the class a course (their own, or one
 * offered to others, every lesson written), with an optional due date; giving it again changes the
 * date. Every learner of the class is enrolled in it in the same transaction.
 */
export async function assignCourse(
  userId: string,
  classId: unknown,
  input: { courseId: string; dueAt: Date | null },
  t: ApiTranslator,
  now = new Date(),
) {
  const found = await requireTeacher(userId, classId, t);
  if (input.dueAt && (input.dueAt <= now || input.dueAt.getTime() - now.getTime() > MAX_DUE_MS)) {
    throw appError("class:due-in-past", t);
  }
  // A course the class has already (a co-teacher changing its date) needs no other right to it.
  const given = (await listAssignments(null, found.id)).find((a) => a.courseId === input.courseId);
  const course = given
    ? { id: given.courseId, ownerId: given.ownerId, mainTopic: given.mainTopic }
    : await requireAssignableCourse(userId, input.courseId, t);
  const db = await getDb();
  const { created } = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const upserted = await upsertAssignment(tx, found.id, course.id, input.dueAt);
    await enrolLearners(
      tx,
      enrolmentsFor([{ courseId: course.id, ownerId: course.ownerId }], await learnerIds(tx, found.id)),
    );
    return upserted;
  });
  // The mails' jobs are queued once the assignment is committed (the engine writes on its own
  // connection): only a first giving is announced; a date, new or changed, gets its reminder.
  if (created) await queueAssignmentMail(found.id, course.id);
  if (input.dueAt && input.dueAt.getTime() !== given?.dueAt?.getTime()) {
    await scheduleDueReminder(found.id, course.id, input.dueAt, now);
  }
  return { courseId: course.id, title: course.mainTopic, dueAt: input.dueAt };
}

/** A teacher takes a course back from the class; learners keep their enrolment and what they did. */
export async function unassignCourse(userId: string, classId: unknown, courseId: unknown, t: ApiTranslator) {
  const found = await requireTeacher(userId, classId, t);
  if (!isUuid(courseId) || !(await deleteAssignment(found.id, courseId))) throw appError("class:not-assigned", t);
}

/** The class's owner adds a co-teacher by e-mail (an existing account); a learner becomes a teacher. */
export async function addCoTeacher(userId: string, classId: unknown, email: string, t: ApiTranslator) {
  const found = await requireClassOwner(userId, classId, t);
  const teacherId = await findUserIdByEmail(email);
  if (!teacherId) throw appError("class:user-not-found", t);
  const db = await getDb();
  await addMember(db, found.id, teacherId, "teacher");
  return { userId: teacherId };
}

/**
 * DELETE /api/classes/{id}/members/{userId}: a member leaves (themselves), a teacher removes a
 * learner, the owner removes a co-teacher. The owner cannot leave: they delete the class. The
 * member keeps their enrolment and their work in the courses; the class's views lose them.
 */
export async function removeMember(userId: string, classId: unknown, memberId: unknown, t: ApiTranslator) {
  const found = await requireMemberClass(userId, classId, t);
  if (!isUuid(memberId)) throw appError("class:not-member", t);
  if (memberId === found.ownerId) throw appError("class:owner-cannot-leave", t);
  if (memberId !== userId) {
    if (found.role !== "teacher") throw appError("class:teacher-only", t);
    const target = (await listMembers(found.id)).find((m) => m.userId === memberId);
    if (!target) throw appError("class:not-member", t);
    if (target.role === "teacher" && !found.isOwner) throw appError("class:owner-only", t);
  }
  if (!(await deleteMember(found.id, memberId))) throw appError("class:not-member", t);
}

/** PATCH /api/classes/{id}: a member turns the class's mails (new assignments, due-date reminders) off or on. */
export async function setClassMails(userId: string, classId: unknown, notify: boolean, t: ApiTranslator) {
  const found = await requireMemberClass(userId, classId, t);
  await setMemberNotify(found.id, userId, notify);
  return { notify };
}

export async function deleteOwnClass(userId: string, classId: unknown, t: ApiTranslator) {
  const found = await requireClassOwner(userId, classId, t);
  await deleteClass(userId, found.id);
}

/** The class when the caller is in it, else undefined (a page's 404). */
export async function findClassFor(userId: string, classId: unknown): Promise<MemberClass | undefined> {
  return isUuid(classId) ? findMemberClass(userId, classId) : undefined;
}

/** GET /api/classes/{id}: the class as its member sees it. */
export async function classPage(userId: string, classId: unknown, t: ApiTranslator) {
  return classPageOf(await requireMemberClass(userId, classId, t));
}

/**
 * A class's courses and members, read once per request: the class page shows them, and its
 * teacher's view and item analysis, rendered beside it, read the same rows (React's cache keeps
 * them for the request being rendered; an API route reads them afresh).
 */
const classRoster = cache(async (classId: string) => {
  const [assignments, members] = await Promise.all([listAssignments(null, classId), listMembers(classId)]);
  return { assignments, members };
});

/** The class page: the class, the caller's role, its courses and (for teachers) its members and code. */
export async function classPageOf(found: MemberClass) {
  const { assignments, members } = await classRoster(found.id);
  const teacher = found.role === "teacher";
  return {
    class: { id: found.id, name: found.name, joinCode: teacher ? shownJoinCode(found.joinCode) : null },
    role: found.role,
    isOwner: found.isOwner,
    /** The caller's own choice of this class's mails. */
    notify: found.notify,
    assignments,
    teachers: members.filter((m) => m.role === "teacher").map(({ userId, name }) => ({ userId, name })),
    // A learner does not see who else is in the class: only teachers do.
    learners: teacher
      ? members
          .filter((m) => m.role === "learner")
          .map(({ userId, name, email, joinedAt }) => ({ userId, name, email, joinedAt }))
      : [],
  };
}

/** What only a class's teachers may read: refused for a learner even when a caller forgets to check. */
function assertTeacher(found: MemberClass): void {
  if (found.role !== "teacher") throw new Error("A class's learners' work is for its teachers only");
}

/** Under this mastery on any topic, a learner needs help (issue 34 item 5). */
const HELP_MASTERY_BELOW = 50;
/** Failed this many times without passing: needs help. */
const HELP_FAILED_ATTEMPTS = 2;

export type HelpReason = "overdue" | "failed-twice" | "low-mastery";

/**
 * GET /api/classes/{id}/learners: one row per learner with their standing in each of the class's
 * courses, those who need help first (then by name). Only the class's assigned courses are read,
 * and only for its learners. Teachers only.
 */
export async function classLearners(userId: string, classId: unknown, t: ApiTranslator, now = new Date()) {
  return learnersOf(await requireTeacher(userId, classId, t), now);
}

/** The teacher's view of a class its caller teaches (checked by the caller, asserted here). */
export async function learnersOf(found: MemberClass, now = new Date()) {
  assertTeacher(found);
  const { assignments, members } = await classRoster(found.id);
  const learners = members.filter((m) => m.role === "learner");
  const courseIds = assignments.map((a) => a.courseId);
  const userIds = learners.map((l) => l.userId);
  const [facts, mastery] = await Promise.all([
    learnerCourseFacts(courseIds, userIds, now),
    learnersMastery(courseIds, userIds, now),
  ]);
  const factsOf = new Map(facts.map((f) => [`${f.courseId}:${f.userId}`, f]));
  const rows = learners.map((learner) => {
    const help = new Set<HelpReason>();
    const courses = assignments.map((assignment) => {
      const key = `${assignment.courseId}:${learner.userId}`;
      const f = factsOf.get(key)!;
      const topics = (mastery.get(key) ?? []).map((m) => ({ topic: m.title, value: m.value }));
      const progress = progressPercent(f);
      if (assignment.dueAt && assignment.dueAt < now && !f.quizPassed) help.add("overdue");
      if (f.failedAttempts >= HELP_FAILED_ATTEMPTS && !f.quizPassed) help.add("failed-twice");
      if (topics.some((m) => m.value !== null && m.value < HELP_MASTERY_BELOW)) help.add("low-mastery");
      return {
        courseId: assignment.courseId,
        title: assignment.mainTopic,
        progress,
        lastActive: f.lastActive?.toISOString() ?? null,
        bestMark: f.bestMark,
        attempts: f.attempts,
        mastery: topics,
        cardsDue: f.cardsDue,
        certificate: f.certificate,
      };
    });
    return { userId: learner.userId, name: learner.name, email: learner.email, needsHelp: [...help], courses };
  });
  rows.sort((a, b) => Number(b.needsHelp.length > 0) - Number(a.needsHelp.length > 0) || a.name.localeCompare(b.name));
  return { class: { id: found.id, name: found.name }, assignments, learners: rows };
}

/**
 * GET /api/classes/{id}/items?courseId=: the item analysis of an assigned course's quiz from the
 * class's learners' first attempts on its current questions. Teachers only.
 */
export async function classItemAnalysis(
  userId: string,
  classId: unknown,
  courseId: unknown,
  t: ApiTranslator,
): Promise<ItemAnalysisOf> {
  const analysis = await itemAnalysisOf(await requireTeacher(userId, classId, t), courseId);
  if (!analysis) throw appError("class:not-assigned", t);
  return analysis;
}

type ItemAnalysisOf = { course: { id: string; title: string; lang: string }; learners: number; questions: ItemStats[] };

/** A quiz's item analysis in a class its caller teaches; undefined when the course is not the class's. */
export async function itemAnalysisOf(found: MemberClass, courseId: unknown): Promise<ItemAnalysisOf | undefined> {
  assertTeacher(found);
  const { assignments, members } = await classRoster(found.id);
  const assignment = assignments.find((a) => a.courseId === courseId);
  if (!assignment) return undefined;
  const userIds = members.filter((m) => m.role === "learner").map((m) => m.userId);
  const { questions, attempts } = await quizForItemAnalysis(assignment.courseId, userIds);
  const first = firstAttempts(attempts);
  return {
    course: { id: assignment.courseId, title: assignment.mainTopic, lang: assignment.lang },
    learners: first.length,
    questions: itemAnalysis(questions, first),
  };
}

const percentText = (value: number | null) => (value === null ? "" : String(Math.round(value * 100)));

/** The teacher view as CSV: one line per learner and course, mastery as "topic: value" pairs. */
export async function classLearnersCsv(userId: string, classId: unknown, t: ApiTranslator) {
  const report = await classLearners(userId, classId, t);
  const header = [
    "learner",
    "email",
    "course",
    "progress_percent",
    "last_active",
    "best_mark",
    "attempts",
    "mastery",
    "cards_due",
    "certificate",
    "needs_help",
  ];
  const lines = report.learners.flatMap((learner) =>
    learner.courses.map((c) => [
      learner.name,
      learner.email,
      c.title,
      String(c.progress),
      c.lastActive ?? "",
      c.bestMark === null ? "" : String(c.bestMark),
      String(c.attempts),
      c.mastery.map((m) => `${m.topic}: ${m.value ?? "-"}`).join("; "),
      String(c.cardsDue),
      c.certificate ? "yes" : "no",
      learner.needsHelp.join(" "),
    ]),
  );
  return { csv: csvRows([header, ...lines]), name: report.class.name };
}

/** The item analysis as CSV: one line per question, each option's count in its own columns. */
export async function classItemsCsv(userId: string, classId: unknown, courseId: unknown, t: ApiTranslator) {
  const analysis = await classItemAnalysis(userId, classId, courseId, t);
  const options = Math.max(0, ...analysis.questions.map((q) => q.options.length));
  const header = [
    "question",
    "correct_percent",
    "discrimination",
    ...Array.from({ length: options }, (_, i) => `option_${String.fromCharCode(97 + i)}_chosen`),
    "unanswered",
    "flags",
  ];
  const lines = analysis.questions.map((q) => [
    q.text,
    percentText(q.correctRate),
    q.discrimination === null ? "" : q.discrimination.toFixed(2),
    ...Array.from({ length: options }, (_, i) =>
      q.options[i] ? `${q.options[i].chosen}${q.options[i].correct ? " (right)" : ""}` : "",
    ),
    String(q.unanswered),
    q.flags.join(" "),
  ]);
  return { csv: csvRows([header, ...lines]), name: `${analysis.course.title} items` };
}
