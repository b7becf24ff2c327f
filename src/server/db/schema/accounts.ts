/** Tables the accounts feature writes: users, their sessions and their one-time tokens. (docs/table-owners.md) */
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

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
