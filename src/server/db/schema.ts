/**
 * The whole data model of Aula (SPEC section 3), normalized: one table per entity, rows referenced by id.
 * The contract's course `content` JSON is assembled from topics + lessons rows on demand,
 * so two lessons written at once never overwrite each other.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** user: a learner; admin: the SPEC's admin type "no"; super: any other admin type (cannot be removed). */
export const userRole = pgEnum("user_role", ["user", "admin", "super"]);
export const userPlan = pgEnum("user_plan", ["free", "monthly", "yearly"]);
export const uiLocale = pgEnum("ui_locale", ["pt", "en"]);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased: `A@x.io` and `a@x.io` are one account. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: userRole("role").notNull().default("user"),
    /**
     * The plan as last granted. It is in force until `planExpiresAt` (null: no end, as for Free
     * or an admin grant); read it through `effectivePlanSql` so an unpaid period falls back to
     * Free on read, with no cron.
     */
    plan: userPlan("plan").notNull().default("free"),
    planExpiresAt: timestamp("plan_expires_at", { withTimezone: true }),
    locale: uiLocale("locale").notNull().default("pt"),
    /**
     * When the password was last set (the password-updated mail's date). The column keeps its
     * first name; sessions are ended by deleting their `sessions` rows (decision 008).
     */
    passwordChangedAt: timestamp("sessions_valid_after", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

/** A question missed in a quiz attempt, as a review lesson is told to teach it. */
export type RemediationQuestion = { question: string; right: string; chosen: string; explanation: string };
export type LessonRemediation = { attemptId: string; topicPosition: number | null; missed: RemediationQuestion[] };
/**
 * A kept citation of grounded text (a lesson, a tutor answer): the excerpt's number as the text
 * cites it, its source and pages, and the excerpt's text, the quote the reader sees (never the file).
 */
export type LessonCitation = {
  n: number;
  sourceId: string;
  sourceTitle: string;
  pageFrom: number;
  pageTo: number;
  quote: string;
};
/** One asked question of a graded attempt: `right` and `chosen` are option texts ("" for none). */
export type AttemptQuestionResult = {
  question: string;
  topic: number | null;
  correct: boolean;
  right: string;
  chosen: string;
  explanation: string;
};

export const courseType = pgEnum("course_type", ["text_image", "video_text"]);

export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mainTopic: text("main_topic").notNull(),
    type: courseType("type").notNull(),
    /** The course language: one of the 38 language names. */
    lang: text("lang").notNull(),
    photo: text("photo"),
    photoAttribution: text("photo_attribution"),
    /** SPEC "completed": the certificate has been issued (stored as `first` in the browser). */
    completed: boolean("completed").notNull().default(false),
    /** SPEC "end": when the course was finished. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The quiz has been passed (SPEC "pass"); counts as the +1 in progress. */
    quizPassed: boolean("quiz_passed").notNull().default(false),
    /** Best stored quiz mark (score times 10). */
    bestMark: integer("best_mark"),
    /** Makes a retried or double-clicked creation return the same course. */
    idempotencyKey: text("idempotency_key"),
    /** The unguessable id of the course's public link while it is shared; null when not shared. */
    shareId: text("share_id"),
    sharedAt: timestamp("shared_at", { withTimezone: true }),
    /** "Only from my sources": the tutor answers from the course's material alone and says when it does not cover a question. */
    sourcesOnly: boolean("sources_only").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("courses_user_created_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("courses_user_idempotency_key").on(t.userId, t.idempotencyKey),
    uniqueIndex("courses_share_id_key").on(t.shareId),
  ],
);

/**
 * One row per course created: the monthly allowance counts these, so deleting a course does not
 * give its slot back. The course may be gone (null); the user's rows go with the user.
 */
export const courseCreations = pgTable(
  "course_creations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("course_creations_user_created_idx").on(t.userId, t.createdAt)],
);

export const topics = pgTable(
  "topics",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
  },
  (t) => [uniqueIndex("topics_course_position_key").on(t.courseId, t.position)],
);

/** One row per lesson (the SPEC's "subtopic"). */
export const lessons = pgTable(
  "lessons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    topicId: uuid("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    /** Sanitized HTML; empty until generated. */
    theory: text("theory").notNull().default(""),
    imageUrl: text("image_url"),
    imageAttribution: text("image_attribution"),
    youtubeId: text("youtube_id"),
    done: boolean("done").notNull().default(false),
    /**
     * When the server first served the lesson's written text to its owner (the viewer, the lesson
     * stream, /api/generate). Only an opened lesson can be done; the certificate needs them all.
     */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    generatedAt: timestamp("generated_at", { withTimezone: true }),
    /**
     * The text the model has written so far while a `lesson.write` job runs, flushed about twice a
     * second so a reload or another instance can follow it; null once stored or never started.
     */
    draft: text("draft"),
    /**
     * Set on a review lesson added after a failed quiz ("Review what I missed", decision 025): the
     * attempt it follows and the questions it must teach, read by its lesson.write job for the
     * prompt. Null for the course's own lessons; a review lesson does not count in progress.
     */
    remediation: jsonb("remediation").$type<LessonRemediation>(),
    /**
     * The citations the lesson's text keeps (`[^n]` in it), checked against the excerpts of the
     * course's material it was written from (decision 027): each with the excerpt's quote, source
     * title and pages. Empty for a lesson written without material.
     */
    citations: jsonb("citations").$type<LessonCitation[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("lessons_topic_position_key").on(t.topicId, t.position),
    index("lessons_course_idx").on(t.courseId),
  ],
);

export const chatSender = pgEnum("chat_sender", ["user", "bot"]);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    sender: chatSender("sender").notNull(),
    text: text("text").notNull(),
    /** An answer from the course's material: the excerpts its checked `[^n]` cite (src/features/sources/citations.ts). */
    citations:
      jsonb("citations").$type<
        { n: number; sourceId: string; sourceTitle: string; pageFrom: number; pageTo: number; quote: string }[]
      >(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_course_created_idx").on(t.courseId, t.createdAt)],
);

export const notes = pgTable(
  "notes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** Sanitized HTML. */
    html: text("html").notNull().default(""),
    /** Raised by one on every save; a save naming an older version is refused. */
    version: integer("version").notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/**
 * Pictures pasted into notes, taken out of the HTML before it is sanitized and served by
 * GET /api/images/{id} to their owner only. One row per distinct picture (sha256) per notes.
 */
export const images = pgTable(
  "images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** image/png, image/jpeg, image/gif or image/webp, as the bytes say. */
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("images_owner_course_idx").on(t.userId, t.courseId, t.sha256)],
);

export const quizzes = pgTable("quizzes", {
  courseId: uuid("course_id")
    .primaryKey()
    .references(() => courses.id, { onDelete: "cascade" }),
  /** Validated list of { question, options: {letter, text}[], answer }. */
  questions: jsonb("questions").notNull(),
  createdAt: createdAt(),
  /** When the questions were last handed out: the server's clock for the attempt's time limit. */
  servedAt: timestamp("served_at", { withTimezone: true }).notNull().defaultNow(),
  /** The attempt served last: each serving is a new one; grading closes it (see gradedAt). */
  attemptId: uuid("attempt_id").notNull().defaultRandom(),
  /**
   * The order that attempt showed: served question i is stored question `question`, and its
   * option letter j the stored option `options[j]`. Null: the stored order.
   */
  servedOrder: jsonb("served_order").$type<{ question: number; options: number[] }[]>(),
  /** When the attempt was graded: a closed attempt is never graded again (409). */
  gradedAt: timestamp("graded_at", { withTimezone: true }),
});

export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Score times 10, as the SPEC stores it. */
    mark: integer("mark").notNull(),
    passed: boolean("passed").notNull(),
    /** The letters chosen, in question order ("" for none). */
    answers: jsonb("answers").$type<string[]>().notNull().default([]),
    /** False when submitted after the questions' time (plus grace): recorded, never counted. */
    counted: boolean("counted").notNull().default(true),
    /** The served attempt this grades (quizzes.attemptId); one row per attempt. Null before 0011. */
    attemptId: uuid("attempt_id"),
    /**
     * Each question as it was asked, in stored order: its text, the topic it tests (position, null
     * when the quiz predates topic tags) and whether it was right. Kept with the attempt because a
     * renewed quiz replaces the questions: mastery and the retest read the history here. Null before 0017.
     */
    results: jsonb("results").$type<AttemptQuestionResult[]>(),
    createdAt: createdAt(),
  },
  (t) => [index("quiz_attempts_course_idx").on(t.courseId), uniqueIndex("quiz_attempts_attempt_key").on(t.attemptId)],
);

/**
 * A certificate is its own record with the holder's name and course title as they were,
 * so it stays verifiable by its public id after the account or course is deleted.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    publicId: text("public_id").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    holderName: text("holder_name").notNull(),
    courseTitle: text("course_title").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** Printed on the picture; with the public id it verifies the certificate. */
    shortCode: text("short_code").notNull().default(""),
    /** The course language, lesson count and best quiz mark (score × 10) as they were at issue. */
    courseLang: text("course_lang").notNull().default(""),
    lessonCount: integer("lesson_count").notNull().default(0),
    quizMark: integer("quiz_mark"),
    /**
     * How many questions that mark was out of, so the page can say "5 of 5 (100%)" rather than
     * show the stored mark as a grade. Null when unknown (an old certificate whose course is gone).
     */
    quizQuestions: integer("quiz_questions"),
    /** The holder's UI language at issue: the picture's date format and words. */
    locale: uiLocale("locale").notNull().default("pt"),
    /** The rendered picture, kept so serving it needs no browser after the first time. */
    png: bytea("png"),
  },
  (t) => [
    uniqueIndex("certificates_public_id_key").on(t.publicId),
    uniqueIndex("certificates_course_key").on(t.courseId),
  ],
);

export const subscriptionStatus = pgEnum("subscription_status", [
  "pending",
  "active",
  "past_due",
  "canceled",
  "expired",
]);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: userPlan("plan").notNull(),
    /** The payment provider's name, e.g. "stripe" (shown as the payment method). */
    provider: text("provider").notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    providerCustomerId: text("provider_customer_id"),
    status: subscriptionStatus("status").notNull().default("pending"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    /** What each period costs, in minor units with its currency; null for an admin grant (provider "admin"). */
    amountMinor: integer("amount_minor"),
    currency: text("currency"),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscriptions_user_idx").on(t.userId),
    uniqueIndex("subscriptions_provider_id_key").on(t.provider, t.providerSubscriptionId),
  ],
);

export const paymentStatus = pgEnum("payment_status", ["pending", "succeeded", "failed", "refunded"]);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Kept (set null) when the user is deleted: payments are accounting records. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    plan: userPlan("plan").notNull(),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id"),
    /** Money in minor units (cents) with its currency. */
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: paymentStatus("status").notNull().default("pending"),
    /** How much of it was refunded (minor units); revenue is amount minus this. */
    refundedMinor: integer("refunded_minor").notNull().default(0),
    /** The billing form: firstName, lastName, email, address, city, state, zipCode, country. */
    billing: jsonb("billing"),
    /** When the receipt mail went out: set once, so a reload of the success page sends no second one. */
    receiptSentAt: timestamp("receipt_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_user_idx").on(t.userId),
    uniqueIndex("payments_provider_id_key").on(t.provider, t.providerPaymentId),
  ],
);

/**
 * Provider webhook deliveries already applied: written in the same transaction as the change
 * they made, so a retried or replayed delivery finds its id here and changes nothing.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** The SPEC's lname, used as the subject. */
  subject: text("subject").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull().default(""),
  message: text("message").notNull(),
  /** Set by an admin's "mark as handled". */
  handledAt: timestamp("handled_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const blogCategory = pgEnum("blog_category", [
  "technology",
  "education",
  "ai",
  "programming",
  "design",
  "business",
]);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    /** Sanitized HTML. */
    content: text("content").notNull(),
    image: bytea("image"),
    imageContentType: text("image_content_type"),
    category: blogCategory("category").notNull(),
    /** Comma-separated. */
    tags: text("tags").notNull().default(""),
    featured: boolean("featured").notNull().default(false),
    popular: boolean("popular").notNull().default(false),
    /** The language the post is written in; the blog lists the visitor's language first. */
    locale: uiLocale("locale").notNull().default("pt"),
    /** Seeded on first start so a fresh install is not empty; the admin may delete them. */
    example: boolean("example").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("blog_posts_created_idx").on(t.createdAt.desc())],
);

export const policyKind = pgEnum("policy_kind", ["privacy", "terms", "cancel", "refund", "billing"]);

/** One text per policy and UI language; the public page falls back to the other language. */
export const policies = pgTable(
  "policies",
  {
    kind: policyKind("kind").notNull(),
    locale: uiLocale("locale").notNull(),
    /** Sanitized HTML. */
    html: text("html").notNull().default(""),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.locale] })],
);

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

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the token; the token itself is only in the mail. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_hash_key").on(t.tokenHash),
    index("password_reset_tokens_user_idx").on(t.userId),
  ],
);

/**
 * One row per signed-in browser. The cookie holds a random token; the row keeps only its SHA-256,
 * and a token whose row is gone or expired is refused (sign-out, "sign out of other sessions",
 * password change, reset; decisions 008 and 018). `id` names the session in the sessions list.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the cookie's token: a copy of the table signs nobody in. */
    tokenHash: text("token_hash").notNull(),
    /** Read from the User-Agent at sign-in, e.g. "Chrome" and "Linux"; null when not recognised. */
    browser: text("browser"),
    os: text("os"),
    createdAt: createdAt(),
    /** When the cookie expires: the session ends then, even if the browser kept the cookie. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Moved forward at most every few minutes, not on every request. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), uniqueIndex("sessions_token_hash_key").on(t.tokenHash)],
);

/** A new e-mail waiting for its owner to follow the link mailed to it. */
export const emailChangeTokens = pgTable(
  "email_change_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Trimmed and lower-cased, as users.email. */
    newEmail: text("new_email").notNull(),
    /** SHA-256 of the token; the token itself is only in the mail. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_change_tokens_hash_key").on(t.tokenHash),
    index("email_change_tokens_user_idx").on(t.userId),
  ],
);

/** Fixed-window counters shared by every app instance (src/server/http/rate-limit.ts). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * Outlines the model wrote at /api/prompt, kept so /api/course builds a course only from an
 * outline the server produced for that user (never from titles a client made up). Used once;
 * read as expired after a day (src/features/generation/queries.ts).
 */
export const generatedOutlines = pgTable(
  "generated_outlines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `{ topics: [{ title, subtopics: string[] }] }`, titles as the model wrote them (cleaned). */
    outline: jsonb("outline").$type<{ topics: { title: string; subtopics: string[] }[] }>().notNull(),
    topic: text("topic").notNull(),
    type: courseType("type").notNull(),
    language: text("language").notNull(),
    topicsLimit: text("topics_limit").notNull(),
    createdAt: createdAt(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("generated_outlines_user_created_idx").on(t.userId, t.createdAt)],
);

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

/**
 * Pictures pasted into public content (policies, blog posts) by an admin: taken out of the HTML
 * before it is sanitized and served to anyone by GET /api/content-images/{id}. One row per
 * distinct picture (sha256).
 */
export const contentImages = pgTable(
  "content_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** image/png, image/jpeg, image/gif or image/webp, as the bytes say. */
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("content_images_sha256_key").on(t.sha256)],
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

/** Where a card came from: a missed quiz question, a key point the model drew from a lesson, the learner. */
export const cardSource = pgEnum("card_source", ["quiz-miss", "key-point", "own"]);

/**
 * One flash card and its FSRS state (ts-fsrs `Card`, stored column by column so the daily queue
 * is an index scan on (user_id, due)). A fresh card is FSRS state 0 (New) due at its creation.
 */
export const cards = pgTable(
  "cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** The topic it belongs to, for per-topic mastery; null when not known (an own card without a lesson). */
    topicId: uuid("topic_id").references(() => topics.id, { onDelete: "set null" }),
    lessonId: uuid("lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    source: cardSource("source").notNull(),
    /**
     * For a quiz-miss card: a hash of the question's text, so missing the same question again finds
     * this card (a lapse) instead of making a duplicate. Null for other sources.
     */
    sourceKey: text("source_key"),
    /** Plain text (never HTML): the question or prompt. */
    front: text("front").notNull(),
    /** Plain text: the answer (and, for a quiz miss, its explanation). */
    back: text("back").notNull(),
    /** The lesson sentence a key-point or own card was drawn from (it must occur in the lesson). */
    sourceSentence: text("source_sentence"),
    /** A suspended card keeps its state but never enters the queue. */
    suspended: boolean("suspended").notNull().default(false),
    // FSRS state (ts-fsrs Card). `state`: 0 New, 1 Learning, 2 Review, 3 Relearning.
    due: timestamp("due", { withTimezone: true }).notNull().defaultNow(),
    stability: doublePrecision("stability").notNull().default(0),
    difficulty: doublePrecision("difficulty").notNull().default(0),
    elapsedDays: integer("elapsed_days").notNull().default(0),
    scheduledDays: integer("scheduled_days").notNull().default(0),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull().default(0),
    lapses: integer("lapses").notNull().default(0),
    state: integer("state").notNull().default(0),
    lastReview: timestamp("last_review", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("cards_user_due_idx").on(t.userId, t.due),
    // The daily queue's two reads (migration 0018): cards already seen that are due, and new cards,
    // each an index range without visiting the other kind's rows.
    index("cards_user_due_seen_idx")
      .on(t.userId, t.due)
      .where(sql`${t.state} <> 0 and not ${t.suspended}`),
    index("cards_user_due_new_idx")
      .on(t.userId, t.due)
      .where(sql`${t.state} = 0 and not ${t.suspended}`),
    index("cards_course_idx").on(t.courseId),
    uniqueIndex("cards_course_source_key").on(t.courseId, t.sourceKey),
  ],
);

/** A card's FSRS state as stored in the review log (ISO dates), enough to put the card back exactly. */
export type CardStateSnapshot = {
  due: string;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: string | null;
};

/**
 * Append-only log of grades: never updated; undo deletes the newest row and restores `before`
 * onto the card, so an undone review leaves the card exactly as it was.
 */
export const cardReviews = pgTable(
  "card_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cardId: uuid("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 1 Again, 2 Hard, 3 Good, 4 Easy. */
    rating: integer("rating").notNull(),
    /**
     * review: the learner graded the card (counts toward the daily caps; undo takes it back);
     * quiz: the learner missed its question in the quiz again, a lapse graded Again for them (migration 0018).
     */
    origin: text("origin").$type<"review" | "quiz">().notNull().default("review"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }).notNull().defaultNow(),
    /** The card's whole FSRS state before this review. */
    before: jsonb("before").$type<CardStateSnapshot>().notNull(),
    /** The state after, and its due date, for statistics and mastery. */
    after: jsonb("after").$type<CardStateSnapshot>().notNull(),
    due: timestamp("due", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("card_reviews_user_reviewed_idx").on(t.userId, t.reviewedAt),
    index("card_reviews_card_idx").on(t.cardId, t.reviewedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Sources: the learner's own material (src/features/sources, issue 22, decision 023)
// ---------------------------------------------------------------------------------------------

export const sourceKind = pgEnum("source_kind", ["pdf", "docx", "pptx", "txt", "md", "text", "url"]);
export const sourceStatus = pgEnum("source_status", ["processing", "ready", "failed"]);

/**
 * A document a learner gave (a file, pasted text or a web address), private to its owner. The
 * file's bytes are not kept: only its text, cut into `source_chunks` (decision 023). Progress of
 * the ingestion job (`source.ingest`) is on the row: pages read of pages total.
 */
export const sources = pgTable(
  "sources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: sourceKind("kind").notNull(),
    title: text("title").notNull(),
    status: sourceStatus("status").notNull().default("processing"),
    pagesRead: integer("pages_read").notNull().default(0),
    pagesTotal: integer("pages_total"),
    /** Why ingestion failed: an error code of src/server/http/error-codes.ts. */
    errorCode: text("error_code"),
    byteSize: integer("byte_size").notNull().default(0),
    sha256: text("sha256").notNull(),
    /** The web address a `url` source was read from. */
    url: text("url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sources_user_created_idx").on(t.userId, t.createdAt.desc())],
);

/**
 * The bytes waiting for the ingestion job, and only until it ends (success or failure): the job
 * runs in another request or process, so they cannot stay in memory. Never served to anyone.
 */
export const sourceUploads = pgTable("source_uploads", {
  sourceId: uuid("source_id")
    .primaryKey()
    .references(() => sources.id, { onDelete: "cascade" }),
  bytes: bytea("bytes").notNull(),
});

/**
 * Which sources a course (or an outline waiting to become one) is made from. A source may serve
 * several courses; removing either removes the link.
 */
export const courseSources = pgTable(
  "course_sources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "cascade" }),
    outlineId: uuid("outline_id").references(() => generatedOutlines.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("course_sources_course_source_key").on(t.courseId, t.sourceId),
    uniqueIndex("course_sources_outline_source_key").on(t.outlineId, t.sourceId),
    index("course_sources_source_idx").on(t.sourceId),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A source's text cut on its structure (pages, headings, paragraphs), with where it came from.
 * `search` is generated: full text, accent-folded with the IMMUTABLE `aula_unaccent` of
 * migration 0019, over the text and `grams`, the character pairs of its CJK runs (scripts
 * without spaces between words: a pair is what a word search can match there).
 */
export const sourceChunks = pgTable(
  "source_chunks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    ord: integer("ord").notNull(),
    pageFrom: integer("page_from").notNull(),
    pageTo: integer("page_to").notNull(),
    headingPath: jsonb("heading_path").$type<string[]>().notNull().default([]),
    text: text("text").notNull(),
    grams: text("grams").notNull().default(""),
    search: tsvector("search").generatedAlwaysAs(sql`to_tsvector('simple', aula_unaccent(text || ' ' || grams))`),
  },
  (t) => [
    uniqueIndex("source_chunks_source_ord_key").on(t.sourceId, t.ord),
    index("source_chunks_search_idx").using("gin", t.search),
  ],
);

/**
 * Each source's words (accent-folded, as full text indexes them), with a trigram index: a
 * misspelt query word is matched to the words the material really has, which full text then
 * ranks. Trigrams on short words are fast where trigram similarity over whole chunks is not.
 */
export const sourceTerms = pgTable(
  "source_terms",
  {
    sourceId: uuid("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    term: text("term").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sourceId, t.term] }),
    index("source_terms_term_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`),
  ],
);

/**
 * A chunk's embedding when `EMBEDDING_MODEL` is set (issue 22 item 3): written by the
 * `source.embed` job after the chunks are stored, so nothing waits for it; `model` names the
 * model that made it, so a changed setting is never compared across models. Ranked by cosine
 * in the process (a course's material is at most a few thousand chunks).
 */
export const sourceChunkVectors = pgTable(
  "source_chunk_vectors",
  {
    chunkId: uuid("chunk_id")
      .primaryKey()
      .references(() => sourceChunks.id, { onDelete: "cascade" }),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    model: text("model").notNull(),
    vector: real("vector").array().notNull(),
  },
  (t) => [index("source_chunk_vectors_source_model_idx").on(t.sourceId, t.model)],
);
