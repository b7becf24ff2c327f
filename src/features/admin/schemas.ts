import { z } from "zod";

/**
 * A policy or post with its pasted pictures (5 MB each, as base64) and a cover: the notes' ceiling.
 * The HTML itself is bounded before it is parsed (src/server/html/bounds.ts).
 */
export const CONTENT_BODY_LIMIT = 12 * 1024 * 1024;

/** Rows per page of an admin list when the caller does not say. */
export const ADMIN_PAGE_SIZE = 20;
/** The most rows one page may ask for: a list is never read whole. */
const ADMIN_PAGE_MAX = 100;

/** `q`, `page` and `limit` of every admin list (query-string values are strings). */
export const listQuerySchema = z.object({
  q: z.string().max(200).optional().default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_SIZE),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

export const emailBodySchema = z.object({ email: z.string().trim().min(1).max(320) });

const POLICY_KINDS = ["terms", "privacy", "cancel", "refund", "billing"] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

const UI_LOCALES = ["pt", "en"] as const;
export type UiLocale = (typeof UI_LOCALES)[number];

/** SPEC `saveadmin {data, type}`; `locale` (our addition) defaults to the admin's UI language. */
export const savePolicySchema = z.object({
  data: z.string().max(CONTENT_BODY_LIMIT),
  type: z.enum(POLICY_KINDS),
  locale: z.enum(UI_LOCALES).optional(),
});

export const BLOG_CATEGORIES = ["technology", "education", "ai", "programming", "design", "business"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** SPEC 9: the excerpt hint (shown, not enforced). */
export const EXCERPT_HINT = 160;

const blogFields = {
  title: z.string().trim().min(1).max(200),
  excerpt: z.string().trim().min(1).max(1000),
  content: z.string().min(1).max(CONTENT_BODY_LIMIT),
  category: z.enum(BLOG_CATEGORIES),
  tags: z.string().max(500).optional().default(""),
  locale: z.enum(UI_LOCALES).optional(),
};

/** SPEC `createblog`: the cover image as a `data:image/…;base64` string (optional). */
export const createBlogSchema = z.object({ ...blogFields, image: z.string().max(8_000_000).optional().nullable() });

/** Editing a post: the same fields; an absent image keeps the cover, `removeImage` drops it. */
export const editBlogSchema = z.object({
  id: z.string().max(100),
  ...blogFields,
  image: z.string().max(8_000_000).optional().nullable(),
  removeImage: z.boolean().optional(),
});

export const idBodySchema = z.object({ id: z.string().max(100) });

/** SPEC `updateblogs {id, type, value}`: value is the text "true" or "false" (a boolean is taken too). */
export const updateBlogFlagSchema = z.object({
  id: z.string().max(100),
  type: z.enum(["popular", "featured"]),
  value: z.union([z.enum(["true", "false"]).transform((v) => v === "true"), z.boolean()]),
});
