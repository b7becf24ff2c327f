import "server-only";
import { cache } from "react";
import { z } from "zod";
import type { ApiTranslator } from "@/i18n/api-translator";
import { isUuid } from "@/lib/ids";
import type { SessionUser } from "@/server/auth/session-store";
import { hashSecretToken, newSecretToken, SECRET_TOKEN_PATTERN } from "@/server/auth/secret-token";
import { queueMail } from "@/server/email/mailer";
import { appError } from "@/server/http/errors";
import {
  acceptInvitation,
  deleteCourseEditor,
  editorshipsOf,
  findAuthoredCourseRow,
  findInvitation,
  listCourseEditors,
  upsertInvitation,
  type CourseEditor,
} from "./editor-queries";
import { requireOwnCourse } from "./service";

/**
 * A course's co-authors (issue 35, item 6). The owner invites an editor by e-mail: the mail's
 * link (a 256-bit secret, only its hash kept) accepts it, and an address that was already an
 * account's can also accept from its dashboard. Editors edit the outline, lessons and quiz; the
 * owner alone deletes the course, changes who may enrol and invites or removes editors.
 */

export const inviteSchema = z.object({ email: z.string().trim().toLowerCase().email().max(254) }).strict();
export const acceptSchema = z.union([
  z.object({ token: z.string().regex(SECRET_TOKEN_PATTERN) }).strict(),
  z.object({ invitationId: z.string().uuid() }).strict(),
]);

/** The course when `userId` may author it (its owner or an editor who accepted); cached per render. */
export const findAuthoredCourse = cache(async (userId: string, courseId: unknown) =>
  isUuid(courseId) ? findAuthoredCourseRow(userId, courseId) : undefined,
);

/** The course for an authoring route; anyone who may not author it gets the same 404 as an unknown id. */
export async function requireAuthoredCourse(userId: string, courseId: unknown, t: ApiTranslator) {
  const course = await findAuthoredCourse(userId, courseId);
  if (!course) throw appError("course:not-found", t);
  return course;
}

/** GET /api/courses/{id}/editors: the owner's list of editors and open invitations. */
export async function editorsForOwner(userId: string, courseId: unknown, t: ApiTranslator): Promise<CourseEditor[]> {
  const course = await requireOwnCourse(userId, courseId, t);
  return listCourseEditors(course.id);
}

/** The editors for the outline page's panel, whose caller has checked that the user owns the course. */
export const editorsForOwnerPage = (courseId: string) => listCourseEditors(courseId);

/** POST /api/courses/{id}/editors: invites (or invites again) an address, and mails it the link. */
export async function inviteEditor(
  owner: SessionUser,
  courseId: unknown,
  email: string,
  t: ApiTranslator,
): Promise<CourseEditor[]> {
  const course = await requireOwnCourse(owner.id, courseId, t);
  if (email === owner.email) throw appError("course:editor-self", t);
  const token = newSecretToken();
  const account = await upsertInvitation(course.id, email, hashSecretToken(token));
  await queueMail({
    to: email,
    locale: account?.locale ?? owner.locale,
    template: "editor-invitation",
    data: {
      name: account?.name ?? null,
      inviterName: owner.name,
      courseTitle: course.mainTopic,
      token,
    },
  });
  return listCourseEditors(course.id);
}

/** DELETE /api/courses/{id}/editors/{userId}: the owner removes an editor (or an invitation, by its id). */
export async function removeEditor(userId: string, courseId: unknown, editorId: unknown, t: ApiTranslator) {
  const course = await requireOwnCourse(userId, courseId, t);
  if (!isUuid(editorId) || !(await deleteCourseEditor(course.id, editorId)))
    throw appError("course:editor-not-found", t);
  return listCourseEditors(course.id);
}

/** POST /api/invitations/accept: the signed-in user accepts; answers the course's id. */
export async function acceptEditorInvitation(
  userId: string,
  body: z.infer<typeof acceptSchema>,
  t: ApiTranslator,
): Promise<string> {
  const courseId = await acceptInvitation(
    userId,
    "token" in body ? { tokenHash: hashSecretToken(body.token) } : { invitationId: body.invitationId },
  );
  if (!courseId) throw appError("course:invitation-not-found", t);
  return courseId;
}

/** The invitation a mailed link names, for its page; undefined for an unknown or malformed one. */
export async function invitationForPage(token: string) {
  return SECRET_TOKEN_PATTERN.test(token) ? findInvitation(hashSecretToken(token)) : undefined;
}

export { editorshipsOf };
