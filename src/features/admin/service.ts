import "server-only";
import { randomUUID } from "node:crypto";
import { normalizeEmail, setUserRole } from "@/features/accounts/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { isUuid } from "@/lib/ids";
import { CONTENT_IMAGE_PATH } from "@/lib/stored-images";
import { publicContentChanged } from "@/server/cache/public-content";
import type { Db } from "@/server/db/client";
import { HTML_LIMITS, HtmlTooComplexError, scanHtml } from "@/server/html/bounds";
import { InlineImageError, readDataUrl, takeInlineImages, type InlineImage } from "@/server/html/inline-images";
import { sanitizeHtml } from "@/server/html/sanitize";
import { AppError, appError } from "@/server/http/errors";
import { logger } from "@/server/logger";
import {
  deleteBlogPost,
  findContentImage,
  insertBlogPost,
  markContactHandled,
  setBlogFlag,
  storeContentImages,
  updateBlogPost,
  upsertPolicy,
  type BlogWrite,
} from "@/features/site/server";
import { grantAdminPlan, revokeAdminPlan } from "@/features/plans/server";
import { insertAudit, recordAudit, type AuditActor, type AuditEntry } from "./queries/audit";
import { readDashboardFigures } from "./queries/dashboard";
import { readPolicies } from "./queries/policies";
import { inTransaction } from "./queries/transaction";
import { lockUserByEmail } from "./queries/users";
import type { BlogCategory, PolicyKind, UiLocale } from "./schemas";

export { listAudit, type AdminAuditRow } from "./queries/audit";
export { findBlogPostForEdit, listBlogPosts, type AdminBlogRow } from "./queries/blog";
export { listContacts, type AdminContactRow } from "./queries/contacts";
export { listCourses, type AdminCourseRow } from "./queries/courses";
export { readDashboardFigures, type MoneyByCurrency } from "./queries/dashboard";
export type { Page } from "./queries/list-page";
export { listPaidUsers, type AdminPaidRow } from "./queries/paid-users";
export { readPolicies } from "./queries/policies";
export { listUsers, type AdminUserRow } from "./queries/users";

/** HTML made safe to store, with its pasted pictures taken out and named by placeholder ids. */
type CleanHtml = { html: string; pictures: InlineImage[]; placeholderOf: Map<string, string> };

/**
 * A policy or post as it will be stored: within the app's bounds (else 413), its `data:` pictures
 * checked by their bytes (PNG, JPEG, GIF or WebP, at most 5 MB) and taken out, the rest sanitized.
 * The pictures are written by `withStoredPictures`, in the transaction of the text.
 */
function cleanHtml(raw: string, t: ApiTranslator): CleanHtml {
  const placeholderOf = new Map<string, string>();
  const urlOf = (sha256: string) => {
    let id = placeholderOf.get(sha256);
    if (!id) placeholderOf.set(sha256, (id = randomUUID()));
    return `${CONTENT_IMAGE_PATH}${id}`;
  };
  try {
    const taken = takeInlineImages(raw, scanHtml(raw), urlOf);
    const html = sanitizeHtml(taken.html).trim();
    // A picture the sanitizer dropped (inside a <script>, say) is not stored.
    const pictures = taken.images.filter((p) => html.includes(`${CONTENT_IMAGE_PATH}${placeholderOf.get(p.sha256)}`));
    return { html, pictures, placeholderOf };
  } catch (error) {
    if (HtmlTooComplexError.is(error))
      throw appError("html:too-complex", t, { key: "admin.tooComplex", values: { ...HTML_LIMITS } });
    if (InlineImageError.is(error)) {
      throw error.problem === "size"
        ? appError("html:image-too-large", t, { key: "admin.imageTooLarge" })
        : appError("html:image-invalid", t, { key: "admin.imageInvalid" });
    }
    throw error;
  }
}

/** Stores the pictures (once each) and answers the HTML pointing at their stored ids. */
async function withStoredPictures(tx: Db, clean: CleanHtml): Promise<string> {
  const stored = await storeContentImages(tx, clean.pictures);
  let html = clean.html;
  for (const picture of clean.pictures) {
    html = html.replaceAll(
      `${CONTENT_IMAGE_PATH}${clean.placeholderOf.get(picture.sha256)}`,
      `${CONTENT_IMAGE_PATH}${stored.get(picture.sha256)}`,
    );
  }
  return html;
}

/** A picture of a policy or post, for anyone (the public pages show them). */
export async function contentImage(id: string, t: ApiTranslator) {
  const image = isUuid(id) ? await findContentImage(id) : null;
  if (!image) throw appError("image:not-found", t);
  return image;
}

// ---------------------------------------------------------------- dashboard

/**
 * SPEC "Admin dashboard response": the admin's e-mail and the five policy texts (in the admin's
 * UI language, else the other one), the counts, and revenue per currency in major units.
 */
export async function dashboardForApi(admin: { email: string }, locale: UiLocale) {
  const [figures, texts] = await Promise.all([readDashboardFigures(), readPolicies()]);
  const policyText = (kind: PolicyKind) =>
    texts.find((p) => p.kind === kind && p.locale === locale)?.html ?? texts.find((p) => p.kind === kind)?.html ?? "";
  const major = (money: { currency: string; amountMinor: number }[]) =>
    Object.fromEntries(money.map((m) => [m.currency, m.amountMinor / 100]));
  return {
    success: true,
    admin: {
      email: admin.email,
      terms: policyText("terms"),
      privacy: policyText("privacy"),
      cancel: policyText("cancel"),
      refund: policyText("refund"),
      billing: policyText("billing"),
    },
    users: figures.users,
    courses: figures.courses,
    videoType: figures.videoCourses,
    paid: figures.paid,
    free: figures.users - figures.paid,
    sum: major(figures.recurring),
    total: major(figures.total),
  };
}

// ---------------------------------------------------------------- refusals

/**
 * Runs an admin action. When it is refused (a 4xx: the Super admin, an admin already, nobody
 * with that e-mail, a text too complex…) the audit log also says who tried what and why
 * (`details.refused`, the code answered), written on its own since the action's transaction
 * rolled back. A log that cannot be written never changes the answer.
 */
async function auditRefusal<T>(actor: AuditActor, attempt: AuditEntry, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (AppError.is(error) && error.status < 500) {
      await recordAudit(actor, { ...attempt, details: { ...attempt.details, refused: error.code } }).catch(
        (failure: unknown) => logger.warn({ err: failure, action: attempt.action }, "refused admin action not audited"),
      );
    }
    throw error;
  }
}

// ---------------------------------------------------------------- admins

/** SPEC "Admin status": a user becomes admin and, with it, a paid user (yearly, granted, no payment). */
export async function promoteAdmin(actor: AuditActor, rawEmail: string, t: ApiTranslator): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await auditRefusal(actor, { action: "admin.promote", target: email }, () =>
    inTransaction(async (tx) => {
      const user = await lockUserByEmail(tx, email);
      if (!user) throw appError("admin:user-not-found", t);
      if (user.role !== "user") throw appError("admin:already-admin", t);
      await setUserRole(tx, user.id, "admin");
      await grantAdminPlan(tx, user.id);
      await insertAudit(tx, actor, { action: "admin.promote", target: email, details: { grant: "yearly" } });
    }),
  );
}

/** An admin goes back to a user; the Super admin never does, whoever asks. */
export async function removeAdmin(actor: AuditActor, rawEmail: string, t: ApiTranslator): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await auditRefusal(actor, { action: "admin.remove", target: email }, () =>
    inTransaction(async (tx) => {
      const user = await lockUserByEmail(tx, email);
      if (!user || user.role === "user") throw appError("admin:not-admin", t);
      if (user.role === "super") throw appError("admin:super-protected", t);
      await setUserRole(tx, user.id, "user");
      await revokeAdminPlan(tx, user.id);
      await insertAudit(tx, actor, { action: "admin.remove", target: email });
    }),
  );
}

// ---------------------------------------------------------------- policies

export async function savePolicy(
  actor: AuditActor,
  kind: PolicyKind,
  locale: UiLocale,
  html: string,
  t: ApiTranslator,
): Promise<void> {
  await auditRefusal(
    actor,
    { action: "policy.save", target: `${kind} (${locale})`, details: { kind, locale } },
    async () => {
      const clean = cleanHtml(html, t);
      await inTransaction(async (tx) => {
        const stored = await withStoredPictures(tx, clean);
        await upsertPolicy(tx, kind, locale, stored);
        await insertAudit(tx, actor, {
          action: "policy.save",
          target: `${kind} (${locale})`,
          details: { kind, locale, chars: stored.length, pictures: clean.pictures.length },
        });
      });
    },
  );
  publicContentChanged("policies");
}

// ---------------------------------------------------------------- blog

export type BlogInput = {
  title: string;
  excerpt: string;
  content: string;
  category: BlogCategory;
  tags: string;
  locale: UiLocale;
  /** A `data:image/…;base64` string; undefined or null: no new cover. */
  image?: string | null;
  removeImage?: boolean;
};

/** The cover: an image by its bytes (PNG, JPEG, GIF or WebP), at most 5 MB. */
function readCover(image: string, t: ApiTranslator): { bytes: Buffer; contentType: string } {
  try {
    return readDataUrl(image.trim());
  } catch (error) {
    if (InlineImageError.is(error)) {
      throw error.problem === "size"
        ? appError("html:image-too-large", t, { key: "admin.coverTooLarge" })
        : appError("html:image-invalid", t, { key: "admin.coverInvalid" });
    }
    throw error;
  }
}

/** Tags as the SPEC stores them: comma-separated, each trimmed, empty ones dropped. */
function cleanTags(tags: string): string {
  return tags
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean)
    .join(", ");
}

/** A post ready to write; its content's pictures are stored by `withStoredPictures` in the write's transaction. */
function blogWrite(input: BlogInput, t: ApiTranslator): { post: BlogWrite; content: CleanHtml } {
  const content = cleanHtml(input.content, t);
  if (!content.html) throw appError("request:invalid", t, { key: "admin.blogFillAll" });
  const image = input.image ? readCover(input.image, t) : input.removeImage ? null : undefined;
  const post = {
    title: input.title.trim(),
    excerpt: input.excerpt.trim(),
    content: content.html,
    category: input.category,
    tags: cleanTags(input.tags),
    locale: input.locale,
    image,
  };
  return { post, content };
}

export async function createBlogPost(actor: AuditActor, input: BlogInput, t: ApiTranslator): Promise<string> {
  const id = await auditRefusal(actor, { action: "blog.create", target: input.title.trim() }, async () => {
    const { post, content } = blogWrite(input, t);
    return inTransaction(async (tx) => {
      const created = await insertBlogPost(tx, { ...post, content: await withStoredPictures(tx, content) });
      await insertAudit(tx, actor, {
        action: "blog.create",
        target: post.title,
        details: { id: created, locale: post.locale, category: post.category },
      });
      return created;
    });
  });
  publicContentChanged("blog", id);
  return id;
}

export async function editBlogPost(actor: AuditActor, id: string, input: BlogInput, t: ApiTranslator): Promise<void> {
  await auditRefusal(actor, { action: "blog.edit", target: input.title.trim(), details: { id } }, async () => {
    if (!isUuid(id)) throw appError("admin:blog-not-found", t);
    const { post, content } = blogWrite(input, t);
    await inTransaction(async (tx) => {
      if (!(await updateBlogPost(tx, id, { ...post, content: await withStoredPictures(tx, content) })))
        throw appError("admin:blog-not-found", t);
      await insertAudit(tx, actor, { action: "blog.edit", target: post.title, details: { id } });
    });
  });
  publicContentChanged("blog", id);
}

export async function flagBlogPost(
  actor: AuditActor,
  id: string,
  flag: "popular" | "featured",
  value: boolean,
  t: ApiTranslator,
): Promise<void> {
  await auditRefusal(actor, { action: "blog.flag", target: id, details: { id, flag, value } }, async () => {
    if (!isUuid(id)) throw appError("admin:blog-not-found", t);
    await inTransaction(async (tx) => {
      const title = await setBlogFlag(tx, id, flag, value);
      if (title === null) throw appError("admin:blog-not-found", t);
      await insertAudit(tx, actor, { action: "blog.flag", target: title, details: { id, flag, value } });
    });
  });
  publicContentChanged("blog", id);
}

export async function removeBlogPost(actor: AuditActor, id: string, t: ApiTranslator): Promise<void> {
  await auditRefusal(actor, { action: "blog.delete", target: id, details: { id } }, async () => {
    if (!isUuid(id)) throw appError("admin:blog-not-found", t);
    await inTransaction(async (tx) => {
      const title = await deleteBlogPost(tx, id);
      if (title === null) throw appError("admin:blog-not-found", t);
      await insertAudit(tx, actor, { action: "blog.delete", target: title, details: { id } });
    });
  });
  publicContentChanged("blog", id);
}

// ---------------------------------------------------------------- contacts

export async function contactHandled(actor: AuditActor, id: string, t: ApiTranslator): Promise<void> {
  await auditRefusal(actor, { action: "contact.handled", target: id, details: { id } }, async () => {
    if (!isUuid(id)) throw appError("admin:contact-not-found", t);
    await inTransaction(async (tx) => {
      const contact = await markContactHandled(tx, id);
      if (!contact) throw appError("admin:contact-not-found", t);
      await insertAudit(tx, actor, {
        action: "contact.handled",
        target: contact.email,
        details: { id, subject: contact.subject },
      });
    });
  });
}
