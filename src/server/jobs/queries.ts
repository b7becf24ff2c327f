import "server-only";
import { and, desc, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { jobs } from "@/server/db/schema";

/** The jobs table's reads and writes: every state change of a job is one statement here. */

export type Job = typeof jobs.$inferSelect;
export type JobError = { code: string; message: string };

export type EnqueueInput = {
  kind: string;
  subject: string;
  payload?: Record<string, unknown>;
  userId?: string | null;
  /** Not before this time (default: now). */
  runAfter?: Date;
  maxAttempts?: number;
  /** Claimed before due jobs of lower priority (default 0; JOB_PRIORITY names the levels). */
  priority?: number;
};

/** Priorities the claim orders by: what someone is waiting for goes before background batches. */
export const JOB_PRIORITY = { background: 0, wanted: 10 } as const;

const ACTIVE = sql`${jobs.status} in ('queued', 'running')`;
const seconds = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/**
 * One active job per kind and subject, across every instance: the insert does nothing when one
 * is queued or running (the partial unique index), and that one is answered instead.
 */
export async function insertJob(input: EnqueueInput): Promise<{ id: string; created: boolean }> {
  const db = await getDb();
  for (;;) {
    const [inserted] = await db
      .insert(jobs)
      .values({
        kind: input.kind,
        subject: input.subject,
        payload: input.payload ?? {},
        userId: input.userId ?? null,
        runAfter: input.runAfter ?? sql`now()`,
        priority: input.priority ?? JOB_PRIORITY.background,
        ...(input.maxAttempts ? { maxAttempts: input.maxAttempts } : {}),
      })
      .onConflictDoNothing({ target: [jobs.kind, jobs.subject], where: ACTIVE })
      .returning({ id: jobs.id });
    if (inserted) return { id: inserted.id, created: true };
    const active = await activeJob(input.kind, input.subject);
    // It finished between the insert and the read: try again.
    if (active) return { id: active.id, created: false };
  }
}

export async function activeJob(kind: string, subject: string): Promise<Job | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.subject, subject), ACTIVE))
    .limit(1);
  return row;
}

/** The active job of these kinds that comes due first (settleJobs and the inline chain wait for it). */
export async function nextActiveJob(kinds: string[]): Promise<Job | undefined> {
  if (kinds.length === 0) return undefined;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(inArray(jobs.kind, kinds), ACTIVE))
    .orderBy(jobs.runAfter)
    .limit(1);
  return row;
}

/** The queued job of these kinds that comes due first, however far off (the inline chain waits for it). */
export async function nextQueuedJob(kinds: string[]): Promise<Job | undefined> {
  if (kinds.length === 0) return undefined;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(inArray(jobs.kind, kinds), eq(jobs.status, "queued")))
    .orderBy(jobs.runAfter)
    .limit(1);
  return row;
}

export async function jobById(id: string): Promise<Job | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

/**
 * Claims up to `limit` jobs for `owner`: due queued ones, and running ones whose lease ran out
 * (their worker died), with attempts left. FOR UPDATE SKIP LOCKED lets many workers claim at
 * once without waiting on, or taking, each other's rows. `only` narrows the claim to some ids
 * (a request running the job it just enqueued). Higher priority first, then the longest due.
 */
export async function claimJobs(options: {
  owner: string;
  limit: number;
  leaseMs: number;
  kinds?: string[];
  only?: string[];
}): Promise<Job[]> {
  if (options.limit <= 0 || options.kinds?.length === 0) return [];
  const db = await getDb();
  const conditions: (SQL | undefined)[] = [
    or(
      and(eq(jobs.status, "queued"), sql`${jobs.runAfter} <= now()`),
      and(eq(jobs.status, "running"), lt(jobs.leaseExpiresAt, sql`now()`), lt(jobs.attempts, jobs.maxAttempts)),
    ),
    options.kinds ? inArray(jobs.kind, options.kinds) : undefined,
    options.only ? inArray(jobs.id, options.only) : undefined,
  ];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(...conditions))
    .orderBy(desc(jobs.priority), jobs.runAfter)
    .limit(options.limit)
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: "running",
      attempts: sql`${jobs.attempts} + 1`,
      leaseOwner: options.owner,
      leaseExpiresAt: sql`now() + ${seconds(options.leaseMs)}`,
      updatedAt: sql`now()`,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

/**
 * A running job whose worker died on its last attempt is not taken over again: it fails, with
 * its last error kept when it had one. Every claim runs this first (runner.ts), so a worker, a
 * request running a job inline and the cron all do; `only` narrows it to some ids. Answers the
 * ids failed.
 */
export async function failAbandonedJobs(only?: string[]): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .update(jobs)
    .set({
      status: "failed",
      lastError: sql`coalesce(${jobs.lastError}, ${JSON.stringify({ code: "job:abandoned", message: "The worker stopped on the last attempt." })}::jsonb)`,
      leaseOwner: null,
      leaseExpiresAt: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(jobs.status, "running"),
        lt(jobs.leaseExpiresAt, sql`now()`),
        sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
        only ? inArray(jobs.id, only) : undefined,
      ),
    )
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

/**
 * Hands this worker's running jobs back to the queue at once (a server stopping): due now, the
 * attempt given back since it was cut off by the stop, not by the work. Another worker, or this
 * one restarted, claims them without waiting for the lease to run out. Answers the ids.
 */
export async function releaseJobs(owner: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .update(jobs)
    .set({
      status: "queued",
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      runAfter: sql`now()`,
      leaseOwner: null,
      leaseExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(jobs.id, ids), eq(jobs.leaseOwner, owner), eq(jobs.status, "running")))
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

const held = (id: string, owner: string) =>
  and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), eq(jobs.status, "running"));

/** Extends the lease; false when it is no longer this worker's (it ran out and was taken over). */
export async function renewLease(id: string, owner: string, leaseMs: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(jobs)
    .set({ leaseExpiresAt: sql`now() + ${seconds(leaseMs)}`, updatedAt: sql`now()` })
    .where(held(id, owner))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** The end of one attempt, written only while the lease is still this worker's. */
export async function finishJob(
  id: string,
  owner: string,
  outcome:
    | { status: "succeeded" }
    | { status: "failed"; error: JobError }
    | { status: "retry"; error: JobError; delayMs: number }
    | { status: "defer"; delayMs: number },
): Promise<boolean> {
  const db = await getDb();
  const values =
    outcome.status === "retry"
      ? { status: "queued" as const, lastError: outcome.error, runAfter: sql`now() + ${seconds(outcome.delayMs)}` }
      : outcome.status === "defer"
        ? // Not started: the claim's attempt is given back.
          {
            status: "queued" as const,
            attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
            runAfter: sql`now() + ${seconds(outcome.delayMs)}`,
          }
        : {
            status: outcome.status,
            lastError: outcome.status === "failed" ? outcome.error : undefined,
            finishedAt: sql`now()`,
          };
  const rows = await db
    .update(jobs)
    .set({ ...values, leaseOwner: null, leaseExpiresAt: null, updatedAt: sql`now()` })
    .where(held(id, owner))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Each subject's newest job of a kind (any status), for the subjects given: what became of the
 * last attempt to write each of a course's lessons, say.
 */
export async function newestJobs(kind: string, subjects: string[]): Promise<Job[]> {
  if (subjects.length === 0) return [];
  const db = await getDb();
  return db
    .selectDistinctOn([jobs.subject])
    .from(jobs)
    .where(and(eq(jobs.kind, kind), inArray(jobs.subject, subjects)))
    .orderBy(jobs.subject, sql`${jobs.createdAt} desc`);
}

/**
 * Cancels the active jobs of a kind among these subjects whose payload has `flag: true` (a batch
 * called off). A running one stops at once in this process (the runner hears of it), elsewhere at
 * its worker's next lease renewal, and stores nothing. Answers the ids cancelled.
 */
export async function cancelFlaggedJobRows(kind: string, subjects: string[], flag: string): Promise<string[]> {
  if (subjects.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .update(jobs)
    .set({ status: "cancelled", leaseOwner: null, leaseExpiresAt: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(eq(jobs.kind, kind), inArray(jobs.subject, subjects), ACTIVE, sql`(${jobs.payload} ->> ${flag}) = 'true'`),
    )
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

/**
 * An active job someone now waits for: its payload amended (a paced job opened by its learner
 * stops being paced, so calling the batch off spares it) and its priority raised, and, while
 * still queued, due at once. Answers whether it was still queued (a running one only had its
 * payload and priority changed).
 */
export async function promoteJob(
  id: string,
  payload: Record<string, unknown>,
  priority: number = JOB_PRIORITY.wanted,
): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(jobs)
    .set({
      runAfter: sql`case when ${jobs.status} = 'queued' then now() else ${jobs.runAfter} end`,
      payload: sql`${jobs.payload} || ${JSON.stringify(payload)}::jsonb`,
      priority: sql`greatest(${jobs.priority}, ${priority})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), ACTIVE))
    .returning({ status: jobs.status });
  return rows[0]?.status === "queued";
}

/** Cancels an active job (a running one stops at once in this process, elsewhere at its next lease renewal). */
export async function cancelJobRow(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(jobs)
    .set({ status: "cancelled", leaseOwner: null, leaseExpiresAt: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), ACTIVE))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Deletes succeeded and cancelled jobs finished more than `days` ago (failed ones stay, to be read). */
export async function purgeFinishedJobs(days: number, limit = 1000): Promise<number> {
  const db = await getDb();
  const old = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.status, ["succeeded", "cancelled"]),
        lt(jobs.finishedAt, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .limit(limit);
  const rows = await db.delete(jobs).where(inArray(jobs.id, old)).returning({ id: jobs.id });
  return rows.length;
}
