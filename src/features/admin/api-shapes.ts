import "server-only";
import { COURSE_TYPE_LABEL } from "@/features/plans/client";
import type {
  AdminAuditRow,
  AdminBlogRow,
  AdminContactRow,
  AdminCourseRow,
  AdminPaidRow,
  AdminUserRow,
  Page,
} from "./service";

/**
 * The admin lists as the contract names their fields (SPEC 3: `_id`, `mName`, `type`…), a bare
 * list as the SPEC's calls answer, with the page told in headers. Only the columns picked in
 * queries.ts exist here: no hash, token or secret can be in a row.
 */
export function listResponse<T, R>(page: Page<T>, shape: (row: T) => R): Response {
  return Response.json(page.items.map(shape), {
    headers: {
      "cache-control": "private, no-store",
      "x-total-count": String(page.total),
      "x-page": String(page.page),
      "x-limit": String(page.limit),
    },
  });
}

export const userShape = (u: AdminUserRow) => ({
  _id: u.id,
  mName: u.name,
  email: u.email,
  type: u.plan,
  role: u.role,
  courses: u.courses,
  createdAt: u.createdAt,
});

export const courseShape = (c: AdminCourseRow) => ({
  _id: c.id,
  mainTopic: c.mainTopic,
  type: COURSE_TYPE_LABEL[c.type],
  lang: c.lang,
  owner: { mName: c.ownerName, email: c.ownerEmail },
  progress: c.progress,
  completed: c.completed,
  createdAt: c.createdAt,
});

export const paidShape = (p: AdminPaidRow) => ({
  _id: p.id,
  mName: p.name,
  email: p.email,
  type: p.plan,
  provider: p.provider,
  grantedByAdmin: p.provider === "admin",
  periodEnd: p.periodEnd,
});

/** SPEC "Admin record": type "no" is a regular admin, anything else the Super admin. */
export const adminShape = (u: AdminUserRow) => ({
  _id: u.id,
  mName: u.name,
  email: u.email,
  type: u.role === "super" ? "super" : "no",
});

export const contactShape = (c: AdminContactRow) => ({
  _id: c.id,
  fname: c.name,
  lname: c.subject,
  email: c.email,
  phone: "",
  msg: c.message,
  date: c.createdAt,
  handledAt: c.handledAt,
});

export const blogShape = (b: AdminBlogRow) => ({
  _id: b.id,
  title: b.title,
  excerpt: b.excerpt,
  category: b.category,
  tags: b.tags,
  locale: b.locale,
  featured: b.featured,
  popular: b.popular,
  image: b.hasImage ? `/api/blog/${b.id}/image` : null,
  date: b.createdAt,
});

export const auditShape = (a: AdminAuditRow) => ({
  _id: a.id,
  actor: a.actorEmail,
  action: a.action,
  target: a.target,
  details: a.details,
  date: a.createdAt,
});
