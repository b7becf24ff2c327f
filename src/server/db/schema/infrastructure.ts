/** Tables src/server writes for every feature: the mail outbox, rate limits, the audit log and the job queue. (docs/table-owners.md) */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, updatedAt } from "./columns";

export const emailStatus = pgEnum("email_status", ["pending", "sent", "failed"]);

/** Every mail the app sends, with its status; without a provider it is the local dev outbox. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /** The body is kept only while the mail waits for delivery, and in the dev outbox where the row is the delivery. */
    html: text("html"),
    text: text("text"),
    template: text("template").notNull(),
    /** "resend", "smtp" or "outbox". */
    transport: text("transport").notNull(),
    status: emailStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("email_outbox_to_idx").on(t.to, t.createdAt)],
);

/** Fixed-window counters shared by every app instance (src/server/http/rate-limit.ts). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** Who did what in the admin panel, and when (the Activity page). Kept when the admin is deleted. */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's e-mail as it was, so the log reads after the account is gone. */
    actorEmail: text("actor_email").notNull(),
    /** e.g. "admin.promote", "policy.save", "blog.delete", "contact.handled". */
    action: text("action").notNull(),
    /** What it was done to: an e-mail, a policy kind, a post title… */
    target: text("target").notNull().default(""),
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_created_idx").on(t.createdAt.desc())],
);

export const jobStatus = pgEnum("job_status", ["queued", "running", "succeeded", "failed", "cancelled"]);

/**
 * Durable background work (src/server/jobs, decision 020): the database is the queue. Workers
 * claim due rows with FOR UPDATE SKIP LOCKED and hold a lease they renew while they run; a lease
 * that runs out is taken over. At most one active (queued or running) job per kind and subject.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What to run, e.g. "lesson.write"; a handler is registered per kind. */
    kind: text("kind").notNull(),
    /** What it works on, e.g. a lesson id: one active job per (kind, subject). */
    subject: text("subject").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** Whose work it is, for per-user pacing and cancelling; null for the app's own work. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    status: jobStatus("status").notNull().default("queued"),
    /** Claims so far (incremented on each claim, a takeover included). */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(3),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Claimed before any job of lower priority that is due too (then by run_after): a lesson the
     * learner opened goes before the rest of a "Write all lessons" batch.
     */
    priority: integer("priority").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    lastError: jsonb("last_error").$type<{ code: string; message: string }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_active_kind_subject_key")
      .on(t.kind, t.subject)
      .where(sql`${t.status} in ('queued', 'running')`),
    index("jobs_due_idx").on(t.status, t.priority.desc(), t.runAfter),
    index("jobs_finished_idx").on(t.finishedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Spaced review (src/features/review, decision 022): cards and their append-only review log.
// ---------------------------------------------------------------------------------------------
