/** Tables the site feature writes: the public site's content and the contact form. (docs/table-owners.md) */
import { boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { uiLocale } from "./accounts";
import { bytea, createdAt, updatedAt } from "./columns";

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
