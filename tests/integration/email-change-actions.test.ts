import { POST as cancelChange } from "@/app/api/profile/email-change/cancel/route";
import { POST as resendChange } from "@/app/api/profile/email-change/resend/route";
import { POST as confirmEmail } from "@/app/api/profile/confirm-email/route";
import { POST as profile } from "@/app/api/profile/route";
import { waitingEmailChange } from "@/features/accounts/email-change";
import { settleBackgroundMail } from "@/server/email/mailer";
import { signedUpUser } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { useFakeResend } from "../setup/mail";
import { useTestDatabase } from "../setup/test-db";

/**
 * Issue 24: the profile's notice of a waiting e-mail change, and its two actions. Both act on
 * the session user's own change only, from the app's own origin, and answer 4xx to bad input.
 */
useTestDatabase();
const resend = useFakeResend();
afterEach(() => settleBackgroundMail());

type Route = Parameters<typeof callRoute>[0];
const call = (route: unknown, cookie: string | undefined, body: unknown = {}, headers: Record<string, string> = {}) =>
  callRoute(route as Route, {
    body,
    cookie: [cookie, "NEXT_LOCALE=en"].filter(Boolean).join("; "),
    headers,
  });

async function account() {
  const { email, id, sessionCookie, password } = await signedUpUser({ password: "first-password1" });
  return { email, id, cookie: sessionCookie, password };
}

/** Asks for a new e-mail through the profile, as the page does. */
async function askChange(me: Awaited<ReturnType<typeof account>>, newEmail: string) {
  const res = await call(profile, me.cookie, {
    mName: "Mover",
    email: newEmail,
    password: "",
    currentPassword: me.password,
  });
  expect(res.json.pendingEmail).toBe(newEmail);
}

const linksTo = (address: string) =>
  resend()
    .emails(address)
    .map((m) => m.text?.match(/\/confirm-email\/([A-Za-z0-9_-]{43})/)?.[1])
    .filter(Boolean) as string[];

describe("POST /api/profile/email-change/resend", () => {
  it("mails a fresh link to the waiting address; the older link stops working", async () => {
    const me = await account();
    await askChange(me, "resend.target@example.io");
    await settleBackgroundMail();
    const [first] = linksTo("resend.target@example.io");
    const before = resend().emails(me.email).length;

    const res = await call(resendChange, me.cookie);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      message: "We sent a new link to resend.target@example.io. Links sent before no longer work.",
    });
    await settleBackgroundMail();
    const links = linksTo("resend.target@example.io");
    expect(links).toHaveLength(2);
    // The old address was told once, when the change was asked.
    expect(resend().emails(me.email)).toHaveLength(before);

    const old = await callRoute(confirmEmail as Route, { body: { token: first } });
    expect([old.status, old.json.code]).toEqual([400, "confirm-email:invalid-token"]);
    expect((await callRoute(confirmEmail as Route, { body: { token: links[1] } })).status).toBe(200);
  });

  it("is 404 with nothing waiting, 403 for another account's uid, 400 for a bad body, 401 signed out", async () => {
    const me = await account();
    const other = await account();
    await askChange(other, "other.target@example.io");

    const none = await call(resendChange, me.cookie);
    expect([none.status, none.json.code]).toEqual([404, "profile:no-email-change"]);
    const theirs = await call(resendChange, me.cookie, { uid: other.id });
    expect([theirs.status, theirs.json.code]).toEqual([403, "profile:forbidden"]);
    expect((await call(resendChange, me.cookie, { uid: 7 })).status).toBe(400);
    expect((await call(resendChange, me.cookie, { newEmail: "x@example.io" })).status).toBe(400);
    expect((await call(resendChange, undefined)).status).toBe(401);
    // Nothing of the other account's change moved.
    expect(await waitingEmailChange(other.id)).toMatchObject({ newEmail: "other.target@example.io" });
  });

  it("refuses another origin (403) and a body that is not JSON (415)", async () => {
    const me = await account();
    await askChange(me, "origin.target@example.io");
    const cross = await call(resendChange, me.cookie, {}, { origin: "https://evil.example" });
    expect([cross.status, cross.json.code]).toEqual([403, "request:cross-origin"]);
    const site = await call(cancelChange, me.cookie, {}, { "sec-fetch-site": "cross-site" });
    expect([site.status, site.json.code]).toEqual([403, "request:cross-origin"]);
    const form = await callRoute(cancelChange as Route, {
      rawBody: "uid=",
      cookie: me.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(await waitingEmailChange(me.id)).toMatchObject({ newEmail: "origin.target@example.io" });
  });
});

describe("POST /api/profile/email-change/cancel", () => {
  it("ends the waiting change: its link no longer works and the e-mail stays", async () => {
    const me = await account();
    await askChange(me, "cancel.target@example.io");
    await settleBackgroundMail();
    const [link] = linksTo("cancel.target@example.io");

    const res = await call(cancelChange, me.cookie);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "E-mail change cancelled. Your e-mail stays the same." });
    expect(await waitingEmailChange(me.id)).toBeNull();
    const used = await callRoute(confirmEmail as Route, { body: { token: link } });
    expect([used.status, used.json.code]).toEqual([400, "confirm-email:invalid-token"]);

    const again = await call(cancelChange, me.cookie);
    expect([again.status, again.json.code]).toEqual([404, "profile:no-email-change"]);
  });

  it("touches only the session user's change", async () => {
    const me = await account();
    const other = await account();
    await askChange(other, "keep.target@example.io");
    const theirs = await call(cancelChange, me.cookie, { uid: other.id });
    expect([theirs.status, theirs.json.code]).toEqual([403, "profile:forbidden"]);
    expect((await call(cancelChange, me.cookie)).status).toBe(404);
    expect(await waitingEmailChange(other.id)).toMatchObject({ newEmail: "keep.target@example.io" });
  });
});
