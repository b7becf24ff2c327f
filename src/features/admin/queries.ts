import "server-only";
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableName,
  gt,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type Column,
  type SQL,
  type Table,
} from "drizzle-orm";
import { insertAudit, type AuditActor, type AuditEntry } from "@/server/db/admin-audit";
import { getDb, type Db } from "@/server/db/client";
import { effectivePlanSql } from "@/server/db/effective-plan";
import {
  adminAudit,
  blogPosts,
  contentImages,
  contactMessages,
  courses,
  lessons,
  payments,
  policies,
  subscriptions,
  users,
} from "@/server/db/schema";
import type { BlogCategory, ListQuery, PolicyKind, UiLocale } from "./schemas";

export type Page<T> = { items: T[]; total: number; page: number; limit: number };

/** `%…%` for ILIKE with the caller's own `%`, `_` and `\` taken literally. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SPEC 5 "Admin search": trimmed and case-insensitive. Null when there is nothing to search. */
function searchTerm(q: string): string | null {
  const trimmed = q.trim();
  return trimmed ? trimmed : null;
}

function anyContains(pattern: string, columns: SQL[]): SQL {
  return or(...columns.map((column) => sql`${column} ilike ${pattern}`))!;
}

/**
 * A column named with its table. Drizzle leaves the table out in a one-table select, and a
 * correlated subquery then reads its own table's column of that name instead of the outer one.
 */
function qualified(table: Table, column: Column): SQL {
  return sql.raw(`"${getTableName(table)}"."${column.name}"`);
}

const offsetOf = (query: ListQuery) => (query.page - 1) * query.limit;

async function paged<T>(query: ListQuery, rows: Promise<T[]>, total: Promise<{ n: number }[]>): Promise<Page<T>> {
  const [items, [counted]] = await Promise.all([rows, total]);
  return { items, total: Number(counted?.n ?? 0), page: query.page, limit: query.limit };
}

// ---------------------------------------------------------------- dashboard

export type MoneyByCurrency = { currency: string; amountMinor: number }[];

export type DashboardFigures = {
  users: number;
  paid: number;
  courses: number;
  videoCourses: number;
  recurring: MoneyByCurrency;
  total: MoneyByCurrency;
};

/**
 * Every figure of the dashboard from aggregates in the database (never rows): user and course
 * counts in one statement, recurring and total revenue per currency in one each.
 */
export async function readDashboardFigures(): Promise<DashboardFigures> {
  const db = await getDb();
  const countsQuery = db
    .select({
      users: sql<number>`(select count(*) from ${users})`.mapWith(Number),
      paid: sql<number>`(select count(*) from ${users} where ${effectivePlanSql} <> 'free')`.mapWith(Number),
      courses: sql<number>`(select count(*) from ${courses})`.mapWith(Number),
      videoCourses: sql<number>`(select count(*) from ${courses} where ${courses.type} = 'video_text')`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  // A yearly subscription counts as a twelfth of its price a month; an admin grant costs nothing.
  const recurringQuery = db
    .select({
      currency: subscriptions.currency,
      amountMinor:
        sql<number>`round(sum(case when ${subscriptions.plan} = 'yearly' then ${subscriptions.amountMinor} / 12.0 else ${subscriptions.amountMinor} end))`.mapWith(
          Number,
        ),
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "active"),
        ne(subscriptions.provider, "admin"),
        or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, sql`now()`)),
        sql`${subscriptions.amountMinor} is not null`,
        sql`${subscriptions.currency} is not null`,
      ),
    )
    .groupBy(subscriptions.currency)
    .orderBy(asc(subscriptions.currency));
  const totalQuery = db
    .select({
      currency: payments.currency,
      amountMinor: sql<number>`sum(${payments.amountMinor} - ${payments.refundedMinor})`.mapWith(Number),
    })
    .from(payments)
    .where(inArray(payments.status, ["succeeded", "refunded"]))
    .groupBy(payments.currency)
    .orderBy(asc(payments.currency));
  const [[counts], recurring, total] = await Promise.all([countsQuery, recurringQuery, totalQuery]);
  return {
    users: counts?.users ?? 0,
    paid: counts?.paid ?? 0,
    courses: counts?.courses ?? 0,
    videoCourses: counts?.videoCourses ?? 0,
    recurring: recurring.map((r) => ({ currency: r.currency ?? "", amountMinor: r.amountMinor })),
    total: total.map((r) => ({ currency: r.currency, amountMinor: r.amountMinor })),
  };
}

// ---------------------------------------------------------------- users

const FREE_WORDS = new Set(["free", "grátis", "gratis", "gratuito"]);
const PAID_WORDS = new Set(["paid", "pago", "pagante"]);

/** Users by name and e-mail; the words Free and Paid (either language) select by plan in force. */
function userSearch(q: string): SQL | undefined {
  const term = searchTerm(q);
  if (!term) return undefined;
  const word = term.toLowerCase();
  if (FREE_WORDS.has(word)) return sql`${effectivePlanSql} = 'free'`;
  if (PAID_WORDS.has(word)) return sql`${effectivePlanSql} <> 'free'`;
  return anyContains(containsPattern(term), [sql`${users.name}`, sql`${users.email}`]);
}

export type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  plan: "free" | "monthly" | "yearly";
  role: "user" | "admin" | "super";
  createdAt: Date;
  courses: number;
};

/** Explicit columns: no hash, token or secret ever leaves here. */
const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  plan: effectivePlanSql,
  role: users.role,
  createdAt: users.createdAt,
};

export async function listUsers(query: ListQuery, onlyRoles?: AdminUserRow["role"][]): Promise<Page<AdminUserRow>> {
  const db = await getDb();
  const where = and(userSearch(query.q), onlyRoles ? inArray(users.role, onlyRoles) : undefined);
  const rows = db
    .select({
      ...userColumns,
      courses:
        sql<number>`(select count(*) from ${courses} where ${qualified(courses, courses.userId)} = ${qualified(users, users.id)})`.mapWith(
          Number,
        ),
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  return paged(query, rows, db.select({ n: count() }).from(users).where(where));
}

// ---------------------------------------------------------------- courses

export type AdminCourseRow = {
  id: string;
  mainTopic: string;
  type: "text_image" | "video_text";
  lang: string;
  ownerName: string;
  ownerEmail: string;
  progress: number;
  completed: boolean;
  createdAt: Date;
};

export async function listCourses(query: ListQuery): Promise<Page<AdminCourseRow>> {
  const db = await getDb();
  const term = searchTerm(query.q);
  const where = term
    ? anyContains(containsPattern(term), [sql`${courses.mainTopic}`, sql`${users.name}`, sql`${users.email}`])
    : undefined;
  // SPEC 4 "Course status": done lessons (plus the passed quiz) over all lessons plus one.
  const lessonOf = sql`${qualified(lessons, lessons.courseId)} = ${qualified(courses, courses.id)}`;
  const progress =
    sql<number>`round(100.0 * ((select count(*) from ${lessons} where ${lessonOf} and ${qualified(lessons, lessons.done)}) + (case when ${courses.quizPassed} then 1 else 0 end)) / ((select count(*) from ${lessons} where ${lessonOf}) + 1))`.mapWith(
      Number,
    );
  const rows = db
    .select({
      id: courses.id,
      mainTopic: courses.mainTopic,
      type: courses.type,
      lang: courses.lang,
      ownerName: users.name,
      ownerEmail: users.email,
      progress,
      completed: courses.completed,
      createdAt: courses.createdAt,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.userId))
    .where(where)
    .orderBy(desc(courses.createdAt), asc(courses.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const total = db.select({ n: count() }).from(courses).innerJoin(users, eq(users.id, courses.userId)).where(where);
  return paged(query, rows, total);
}

// ---------------------------------------------------------------- paid users

export type AdminPaidRow = {
  id: string;
  name: string;
  email: string;
  plan: "free" | "monthly" | "yearly";
  /** The provider of the user's current subscription; "admin" for an admin grant; null if none is recorded. */
  provider: string | null;
  periodEnd: Date | null;
};

/** The subscription that explains a user's plan: an active one first, then the latest. */
function currentSubscription<T>(column: SQL): SQL<T> {
  const s = (c: Column) => qualified(subscriptions, c);
  return sql<T>`(select ${column} from ${subscriptions} where ${s(subscriptions.userId)} = ${qualified(users, users.id)} order by (${s(subscriptions.status)} = 'active') desc, ${s(subscriptions.createdAt)} desc limit 1)`;
}

export async function listPaidUsers(query: ListQuery): Promise<Page<AdminPaidRow>> {
  const db = await getDb();
  const term = searchTerm(query.q);
  const where = and(
    sql`${effectivePlanSql} <> 'free'`,
    term ? anyContains(containsPattern(term), [sql`${users.name}`, sql`${users.email}`]) : undefined,
  );
  const rows = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      plan: effectivePlanSql,
      provider: currentSubscription<string | null>(qualified(subscriptions, subscriptions.provider)),
      periodEnd: currentSubscription<Date | null>(qualified(subscriptions, subscriptions.currentPeriodEnd)).mapWith(
        (v: unknown) => (v == null ? null : new Date(v as string)),
      ),
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  return paged(query, rows, db.select({ n: count() }).from(users).where(where));
}

// ---------------------------------------------------------------- admins

/** The user with this e-mail, locked for the rest of the transaction. */
export async function lockUserByEmail(tx: Db, email: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.email, email))
    .for("update");
  return row;
}

/** SPEC "Admin grant": yearly with no end, recorded as a subscription of provider "admin", no payment. */
export async function grantAdmin(tx: Db, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ role: "admin", plan: "yearly", planExpiresAt: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await tx.insert(subscriptions).values({
    userId,
    plan: "yearly",
    provider: "admin",
    status: "active",
    currentPeriodEnd: null,
    amountMinor: null,
    currency: null,
  });
}

/**
 * Ends an admin's role and the plan that came with it (decision 014): the grant is canceled and
 * the user is back on what they pay for themselves (an active subscription still in its period),
 * else Free.
 */
export async function revokeAdmin(tx: Db, userId: string): Promise<void> {
  const now = new Date();
  await tx
    .update(subscriptions)
    .set({ status: "canceled", canceledAt: now, updatedAt: now })
    .where(
      and(eq(subscriptions.userId, userId), eq(subscriptions.provider, "admin"), eq(subscriptions.status, "active")),
    );
  const [own] = await tx
    .select({ plan: subscriptions.plan, periodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, "active"),
        ne(subscriptions.provider, "admin"),
        or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  await tx
    .update(users)
    .set({ role: "user", plan: own?.plan ?? "free", planExpiresAt: own?.periodEnd ?? null, updatedAt: now })
    .where(eq(users.id, userId));
}

// ---------------------------------------------------------------- contacts

export type AdminContactRow = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
  handledAt: Date | null;
};

export async function listContacts(query: ListQuery): Promise<Page<AdminContactRow>> {
  const db = await getDb();
  const term = searchTerm(query.q);
  const where = term
    ? anyContains(containsPattern(term), [
        sql`${contactMessages.name}`,
        sql`${contactMessages.email}`,
        sql`${contactMessages.subject}`,
        sql`${contactMessages.message}`,
      ])
    : undefined;
  const rows = db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      handledAt: contactMessages.handledAt,
    })
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), asc(contactMessages.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  return paged(query, rows, db.select({ n: count() }).from(contactMessages).where(where));
}

/** Marks a message handled (once: a second call keeps the first date). Null when it does not exist. */
export async function markContactHandled(tx: Db, id: string): Promise<{ email: string; subject: string } | null> {
  const [row] = await tx
    .update(contactMessages)
    .set({ handledAt: sql`coalesce(${contactMessages.handledAt}, now())` })
    .where(eq(contactMessages.id, id))
    .returning({ email: contactMessages.email, subject: contactMessages.subject });
  return row ?? null;
}

// ---------------------------------------------------------------- blog

export type AdminBlogRow = {
  id: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  tags: string;
  locale: UiLocale;
  featured: boolean;
  popular: boolean;
  hasImage: boolean;
  createdAt: Date;
};

const blogColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  category: blogPosts.category,
  tags: blogPosts.tags,
  locale: blogPosts.locale,
  featured: blogPosts.featured,
  popular: blogPosts.popular,
  hasImage: sql<boolean>`(${blogPosts.image} is not null)`,
  createdAt: blogPosts.createdAt,
};

export async function listBlogPosts(query: ListQuery): Promise<Page<AdminBlogRow>> {
  const db = await getDb();
  const term = searchTerm(query.q);
  const where = term
    ? anyContains(containsPattern(term), [
        sql`${blogPosts.title}`,
        sql`${blogPosts.excerpt}`,
        sql`${blogPosts.category}::text`,
      ])
    : undefined;
  const rows = db
    .select(blogColumns)
    .from(blogPosts)
    .where(where)
    .orderBy(desc(blogPosts.createdAt), asc(blogPosts.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  return paged(query, rows, db.select({ n: count() }).from(blogPosts).where(where));
}

export async function findBlogPostForEdit(id: string) {
  const db = await getDb();
  const [row] = await db
    .select({ ...blogColumns, content: blogPosts.content })
    .from(blogPosts)
    .where(eq(blogPosts.id, id));
  return row ?? null;
}

export type BlogWrite = {
  title: string;
  excerpt: string;
  content: string;
  category: BlogCategory;
  tags: string;
  locale: UiLocale;
  /** undefined keeps the cover; null removes it. */
  image?: { bytes: Buffer; contentType: string } | null;
};

function imageColumns(image: BlogWrite["image"]) {
  if (image === undefined) return {};
  return { image: image?.bytes ?? null, imageContentType: image?.contentType ?? null };
}

export async function insertBlogPost(tx: Db, post: BlogWrite): Promise<string> {
  const { image, ...fields } = post;
  const [row] = await tx
    .insert(blogPosts)
    .values({ ...fields, ...imageColumns(image) })
    .returning({ id: blogPosts.id });
  return row.id;
}

export async function updateBlogPost(tx: Db, id: string, post: BlogWrite): Promise<boolean> {
  const { image, ...fields } = post;
  const rows = await tx
    .update(blogPosts)
    .set({ ...fields, ...imageColumns(image), updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id });
  return rows.length > 0;
}

export async function setBlogFlag(
  tx: Db,
  id: string,
  flag: "popular" | "featured",
  value: boolean,
): Promise<string | null> {
  const [row] = await tx
    .update(blogPosts)
    .set({ [flag]: value, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning({ title: blogPosts.title });
  return row?.title ?? null;
}

export async function deleteBlogPost(tx: Db, id: string): Promise<string | null> {
  const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ title: blogPosts.title });
  return row?.title ?? null;
}

// ---------------------------------------------------------------- policies

export async function readPolicies(): Promise<{ kind: PolicyKind; locale: UiLocale; html: string; updatedAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ kind: policies.kind, locale: policies.locale, html: policies.html, updatedAt: policies.updatedAt })
    .from(policies);
}

export async function upsertPolicy(tx: Db, kind: PolicyKind, locale: UiLocale, html: string): Promise<void> {
  const now = new Date();
  await tx
    .insert(policies)
    .values({ kind, locale, html, updatedAt: now })
    .onConflictDoUpdate({ target: [policies.kind, policies.locale], set: { html, updatedAt: now } });
}

// ---------------------------------------------------------------- pictures of public content

/** Stores each picture once (by sha256) and answers the stored id of every one. */
export async function storeContentImages(
  tx: Db,
  pictures: { sha256: string; contentType: string; bytes: Buffer }[],
): Promise<Map<string, string>> {
  if (pictures.length === 0) return new Map();
  await tx
    .insert(contentImages)
    .values(pictures.map((p) => ({ sha256: p.sha256, contentType: p.contentType, bytes: p.bytes })))
    .onConflictDoNothing({ target: contentImages.sha256 });
  const rows = await tx
    .select({ id: contentImages.id, sha256: contentImages.sha256 })
    .from(contentImages)
    .where(
      inArray(
        contentImages.sha256,
        pictures.map((p) => p.sha256),
      ),
    );
  return new Map(rows.map((r) => [r.sha256, r.id]));
}

export async function findContentImage(id: string) {
  const db = await getDb();
  const [row] = await db
    .select({ contentType: contentImages.contentType, bytes: contentImages.bytes })
    .from(contentImages)
    .where(eq(contentImages.id, id));
  return row ?? null;
}

// ---------------------------------------------------------------- audit

export { insertAudit, type AuditActor, type AuditEntry };

/** An audit row of its own, outside any transaction (a refused action's, whose own rolled back). */
export async function recordAudit(actor: AuditActor, entry: AuditEntry): Promise<void> {
  await insertAudit(await getDb(), actor, entry);
}

export type AdminAuditRow = {
  id: string;
  actorEmail: string;
  action: string;
  target: string;
  details: unknown;
  createdAt: Date;
};

export async function listAudit(query: ListQuery): Promise<Page<AdminAuditRow>> {
  const db = await getDb();
  const term = searchTerm(query.q);
  const where = term
    ? anyContains(containsPattern(term), [
        sql`${adminAudit.actorEmail}`,
        sql`${adminAudit.action}`,
        sql`${adminAudit.target}`,
      ])
    : undefined;
  const rows = db
    .select({
      id: adminAudit.id,
      actorEmail: adminAudit.actorEmail,
      action: adminAudit.action,
      target: adminAudit.target,
      details: adminAudit.details,
      createdAt: adminAudit.createdAt,
    })
    .from(adminAudit)
    .where(where)
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  return paged(query, rows, db.select({ n: count() }).from(adminAudit).where(where));
}

export async function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction((tx) => work(tx as unknown as Db));
}
