import "server-only";
import { queueMail } from "@/server/email/mailer";
import type { MailMessage } from "@/server/email/templates/types";
import { enqueueJob, registerJobHandler, runJobSoon, type JobContext } from "@/server/jobs";
import { logger } from "@/server/logger";
import { assignmentForMail, mailRecipients, type MailRecipient } from "./mail-queries";

/**
 * A class's mails (issue 34 item 6) are durable jobs (decision 030), each re-reading the class
 * when it runs, so a course taken back, a date changed or a member's mails turned off since it
 * was queued are respected:
 * - `class.assignment-mail`, subject `{classId}:{courseId}`: queued once, when the course is
 *   first given to the class; giving it again (a new due date) queues none.
 * - `class.due-reminder`, subject `{classId}:{courseId}:{dueAt}`: due 24 hours before the due
 *   date. A new date queues a reminder of its own; the old one, when its time comes, finds the
 *   assignment's date is no longer its own and sends nothing.
 * Each mail then goes as its own `mail.send` job (queueMail), in the learner's UI language.
 */
export const CLASS_ASSIGNMENT_MAIL = "class.assignment-mail";
export const CLASS_DUE_REMINDER = "class.due-reminder";

/** The reminder goes this long before the due date. */
const REMINDER_AHEAD_MS = 24 * 60 * 60 * 1000;

type AssignmentMailPayload = { classId: string; courseId: string };
type ReminderPayload = { classId: string; courseId: string; dueAt: string };

/**
 * Queues the mail announcing a course just given to the class, right after the assignment's
 * transaction commits (the engine enqueues on its own connection). The subject keeps it to one
 * job however often this is called while it waits.
 */
export async function queueAssignmentMail(classId: string, courseId: string): Promise<void> {
  const payload: AssignmentMailPayload = { classId, courseId };
  const { id, created } = await enqueueJob({ kind: CLASS_ASSIGNMENT_MAIL, subject: `${classId}:${courseId}`, payload });
  if (created) runJobSoon(id);
}

/**
 * Schedules the reminder a day before `dueAt`; nothing without a date or when that day has
 * already begun (a date set less than 24 hours ahead is its own reminder). The same date set
 * again finds its reminder still queued and queues no second one.
 */
export async function scheduleDueReminder(
  classId: string,
  courseId: string,
  dueAt: Date | null,
  now = new Date(),
): Promise<void> {
  if (!dueAt) return;
  const runAfter = new Date(dueAt.getTime() - REMINDER_AHEAD_MS);
  if (runAfter <= now) return;
  const payload: ReminderPayload = { classId, courseId, dueAt: dueAt.toISOString() };
  await enqueueJob({
    kind: CLASS_DUE_REMINDER,
    subject: `${classId}:${courseId}:${payload.dueAt}`,
    payload,
    runAfter,
  });
}

/** One mail per learner, each its own `mail.send` job, in the learner's UI language. */
async function mailEach(recipients: MailRecipient[], message: (learner: MailRecipient) => MailMessage): Promise<void> {
  for (const learner of recipients) await queueMail({ to: learner.email, locale: learner.locale, ...message(learner) });
}

async function assignmentMailJob({ job, keepLease }: JobContext): Promise<void> {
  const { classId, courseId } = job.payload as AssignmentMailPayload;
  const assignment = await assignmentForMail(classId, courseId);
  // Taken back (or the class deleted) before the mail went: nothing to announce.
  if (!assignment) return;
  const recipients = await mailRecipients(classId, courseId, assignment.ownerId);
  // Taken over while reading: the new holder mails them.
  await keepLease();
  const { className, courseTitle, dueAt } = assignment;
  await mailEach(recipients, ({ name }) => ({
    template: "class-assignment",
    data: { name, className, courseTitle, courseId, dueAt },
  }));
  logger.info({ jobId: job.id, classId, courseId, mails: recipients.length }, "class assignment mails queued");
}

async function dueReminderJob({ job, keepLease }: JobContext): Promise<void> {
  const { classId, courseId, dueAt } = job.payload as ReminderPayload;
  const assignment = await assignmentForMail(classId, courseId);
  // Taken back, or its date changed or removed since this reminder was set: the new date has its own.
  if (!assignment?.dueAt || assignment.dueAt.toISOString() !== dueAt) return;
  // Run after the date went by (no worker for a day): a reminder then would only confuse.
  if (assignment.dueAt.getTime() <= Date.now()) return;
  const recipients = (await mailRecipients(classId, courseId, assignment.ownerId)).filter((r) => !r.quizPassed);
  await keepLease();
  const { className, courseTitle } = assignment;
  const due = assignment.dueAt;
  await mailEach(recipients, ({ name }) => ({
    template: "class-reminder",
    data: { name, className, courseTitle, courseId, dueAt: due },
  }));
  logger.info({ jobId: job.id, classId, courseId, mails: recipients.length }, "class due-date reminders queued");
}

/** Lets the engine run the class mails; called from the app's one list of handlers (src/app/job-handlers.ts). */
export function registerClassJobs(): void {
  registerJobHandler(CLASS_ASSIGNMENT_MAIL, assignmentMailJob);
  registerJobHandler(CLASS_DUE_REMINDER, dueReminderJob);
}
