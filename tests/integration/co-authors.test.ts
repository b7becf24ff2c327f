/**
 * A course's co-authors (issue 35, item 6) against a real database and the fake Resend API: the
 * owner invites by e-mail, the invitee accepts from the mailed link or (an account already) from
 * the dashboard's list, and then edits the outline, lessons and quiz and studies the course; the
 * owner alone invites, removes, offers and deletes. A link bound to an account is no one else's,
 * and a removed editor loses every editing route at once.
 */
import { GET as outlineRoute, PUT as saveOutlineRoute } from "@/app/api/courses/[courseId]/outline/route";
import { GET as quizRoute } from "@/app/api/courses/[courseId]/quiz/route";
import { PATCH as visibilityRoute } from "@/app/api/courses/[courseId]/route";
import { DELETE as removeRoute } from "@/app/api/courses/[courseId]/editors/[userId]/route";
import { GET as editorsRoute, POST as inviteRoute } from "@/app/api/courses/[courseId]/editors/route";
import { POST as acceptRoute } from "@/app/api/invitations/accept/route";
import { GET as lessonRoute, PUT as saveLessonRoute } from "@/app/api/lessons/[lessonId]/route";
import { editorshipsOf, findLearnerCourse } from "@/features/courses/server";
import { settleBackgroundMail } from "@/server/email/mailer";
import { settleJobs } from "@/server/jobs";
import { signedUpUser, type TestAccount } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { useFakeResend } from "../setup/mail";
import { lessonsOf, seedCourse } from "../setup/seed-course";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
const resend = useFakeResend();

type Call = { params?: Record<string, string>; body?: unknown; method?: string; headers?: Record<string, string> };
const call = (handler: unknown, who: TestAccount | null, { params = {}, body, method, headers }: Call = {}) =>
  callRoute(handler as never, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    cookie: who?.cookie,
    params,
    body,
    headers,
    url: "http://localhost:3000/api/x",
  });

/** The accept link in the last invitation mailed to `address`, and its secret. */
async function invitationLink(address: string) {
  await settleJobs(["mail.send"]);
  const mail = resend()
    .emails(address)
    .filter((m) => /co-author|coautor/.test(m.subject))
    .at(-1);
  const link = mail?.text?.match(/https?:\/\/\S+\/dashboard\/invitations\/([A-Za-z0-9_-]{43})/);
  if (!mail || !link) throw new Error(`no invitation mailed to ${address}`);
  return { subject: mail.subject, url: link[0], token: link[1] };
}

async function courseOf(owner: TestAccount) {
  const course = await seedCourse(owner.id, { mainTopic: "Tides" });
  const [lesson] = await lessonsOf(course.id);
  return { courseId: course.id, lessonId: lesson.id };
}

describe("a course's co-authors", () => {
  afterEach(async () => {
    await settleBackgroundMail();
    resend().reset();
  });

  it("invites an account, which accepts from its dashboard, then edits the outline, lessons and quiz", async () => {
    const owner = await signedUpUser({ name: "Ana Autora" });
    const editor = await signedUpUser({ name: "Bea Editora", locale: "pt" });
    const { courseId, lessonId } = await courseOf(owner);

    // Before accepting, the invitee may edit nothing.
    const invited = await call(inviteRoute, owner, {
      params: { courseId },
      body: { email: ` ${editor.email.toUpperCase()} ` },
    });
    expect(invited.status).toBe(200);
    expect(invited.json.editors).toEqual([
      { id: expect.any(String), email: editor.email, name: "Bea Editora", userId: editor.id, accepted: false },
    ]);
    const mail = await invitationLink(editor.email);
    // In the invitee's own language, naming who invited and the course.
    expect(mail.subject).toBe("Ana Autora convidou você para ser coautor de “Tides”");
    expect((await call(outlineRoute, editor, { params: { courseId } })).status).toBe(404);
    expect(await findLearnerCourse(editor.id, courseId)).toBeUndefined();

    const [open] = await editorshipsOf(editor.id);
    expect(open).toMatchObject({ courseId, courseTitle: "Tides", ownerName: "Ana Autora", accepted: false });
    const accepted = await call(acceptRoute, editor, { body: { invitationId: open.id } });
    expect(accepted.json).toEqual({ success: true, courseId });

    const outline = await call(outlineRoute, editor, { params: { courseId } });
    expect(outline.status).toBe(200);
    const renamed = outline.json.topics.map(
      (t: { id: string; title: string; lessons: { id: string; title: string }[] }) => ({
        id: t.id,
        title: `${t.title} (edited)`,
        lessons: t.lessons.map((l) => ({ id: l.id, title: l.title })),
      }),
    );
    expect(
      (
        await call(saveOutlineRoute, editor, {
          method: "PUT",
          params: { courseId },
          body: { version: 0, topics: renamed },
        })
      ).status,
    ).toBe(200);
    const lesson = await call(lessonRoute, editor, { params: { lessonId } });
    expect(lesson.status).toBe(200);
    const saved = await call(saveLessonRoute, editor, {
      method: "PUT",
      params: { lessonId },
      body: { version: lesson.json.version, markdown: "Edited by a co-author." },
    });
    expect(saved.json).toEqual({ success: true, version: 1 });
    expect((await call(quizRoute, editor, { params: { courseId } })).status).toBe(200);
    // They study it too (the viewer, the quiz), as a co-author, not as its owner.
    expect(await findLearnerCourse(editor.id, courseId)).toMatchObject({ isOwner: false, isEditor: true });
    expect((await call(editorsRoute, owner, { params: { courseId } })).json.editors[0].accepted).toBe(true);

    // What stays the owner's: inviting, removing, offering.
    expect((await call(inviteRoute, editor, { params: { courseId }, body: { email: "x@example.io" } })).status).toBe(
      404,
    );
    expect((await call(editorsRoute, editor, { params: { courseId } })).status).toBe(404);
    expect(
      (await call(removeRoute, editor, { method: "DELETE", params: { courseId, userId: editor.id } })).status,
    ).toBe(404);
    expect(
      (await call(visibilityRoute, editor, { method: "PATCH", params: { courseId }, body: { visibility: "public" } }))
        .status,
    ).toBe(404);

    // Removed, they lose every editing route at once.
    const removed = await call(removeRoute, owner, { method: "DELETE", params: { courseId, userId: editor.id } });
    expect(removed.json).toEqual({ success: true, editors: [] });
    expect((await call(outlineRoute, editor, { params: { courseId } })).status).toBe(404);
    expect((await call(lessonRoute, editor, { params: { lessonId } })).status).toBe(404);
    expect(await findLearnerCourse(editor.id, courseId)).toBeUndefined();
  });

  it("lets whoever holds the mailed link accept an invitation to an address with no account, and no one else a bound one", async () => {
    const owner = await signedUpUser();
    const { courseId } = await courseOf(owner);
    expect(
      (await call(inviteRoute, owner, { params: { courseId }, body: { email: "new.person@example.io" } })).status,
    ).toBe(200);
    const { token, url } = await invitationLink("new.person@example.io");
    expect(new URL(url).pathname).toBe(`/dashboard/invitations/${token}`);
    // They sign up with another address and open the link: the link is what proves the mail was theirs.
    const newcomer = await signedUpUser();
    expect((await call(acceptRoute, newcomer, { body: { token } })).json).toEqual({ success: true, courseId });
    expect((await call(outlineRoute, newcomer, { params: { courseId } })).status).toBe(200);

    // An invitation sent to an account is that account's, link or not.
    const invitee = await signedUpUser();
    const intruder = await signedUpUser();
    await call(inviteRoute, owner, { params: { courseId }, body: { email: invitee.email } });
    const bound = await invitationLink(invitee.email);
    const refused = await call(acceptRoute, intruder, { body: { token: bound.token } });
    expect(refused.status).toBe(404);
    expect(refused.json.code).toBe("course:invitation-not-found");
    expect((await call(outlineRoute, intruder, { params: { courseId } })).status).toBe(404);
    const [theirs] = await editorshipsOf(invitee.id);
    expect((await call(acceptRoute, intruder, { body: { invitationId: theirs.id } })).status).toBe(404);
    expect((await call(acceptRoute, invitee, { body: { token: bound.token } })).status).toBe(200);
  });

  it("refuses bad invitations: another user's course, the owner themself, a malformed address, another origin", async () => {
    const owner = await signedUpUser();
    const stranger = await signedUpUser();
    const { courseId } = await courseOf(owner);
    expect((await call(inviteRoute, stranger, { params: { courseId }, body: { email: "a@example.io" } })).status).toBe(
      404,
    );
    const self = await call(inviteRoute, owner, { params: { courseId }, body: { email: owner.email } });
    expect([self.status, self.json.code]).toEqual([400, "course:editor-self"]);
    expect((await call(inviteRoute, owner, { params: { courseId }, body: { email: "not an address" } })).status).toBe(
      400,
    );
    const foreign = await call(inviteRoute, owner, {
      params: { courseId },
      body: { email: "a@example.io" },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect((await call(acceptRoute, stranger, { body: { token: "x".repeat(43) } })).status).toBe(404);
    expect((await call(acceptRoute, stranger, { body: { token: "short" } })).status).toBe(400);
    expect((await call(editorsRoute, owner, { params: { courseId } })).json.editors).toEqual([]);
    await settleJobs(["mail.send"]);
    expect(resend().emails("a@example.io")).toEqual([]);
  });
});
