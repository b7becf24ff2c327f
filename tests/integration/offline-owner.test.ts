import { POST as profile } from "@/app/api/profile/route";
import { POST as signin } from "@/app/api/signin/route";
import { offlineOwnerKey } from "@/features/export/offline-owner";
import { resolveSessionRecord } from "@/server/auth/session";
import { SESSION_MAX_AGE_SECONDS } from "@/server/auth/session-token";
import { settleBackgroundMail } from "@/server/email/mailer";
import { callRoute, sessionCookieFrom } from "../setup/http";
import { useFakeResend } from "../setup/mail";
import { useTestDatabase } from "../setup/test-db";
import { signedUpUser } from "../setup/accounts";

/**
 * The owner of a browser's offline copies, as the signed-in layouts render it
 * (src/features/export/offline-owner.ts): one name per session, and the session's expiry.
 * docs/decisions/016-offline-copies-end-with-session.md.
 */
useTestDatabase();
useFakeResend();
afterEach(() => settleBackgroundMail());

async function signedUp() {
  const { email, password, sessionCookie, setCookie } = await signedUpUser({ password: "offline-owner-1" });
  return { email, password, cookie: sessionCookie, setCookie };
}

/** What the layout would render for a request carrying this cookie. */
async function ownerOf(cookie: string) {
  const session = await resolveSessionRecord(decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)));
  return (
    session && {
      owner: offlineOwnerKey(session.user.id, session.sessionId),
      expiresAt: session.expiresAtMs,
      ids: [session.user.id, session.sessionId],
    }
  );
}

describe("offline copies' owner", () => {
  it("names the session without its ids, with the expiry of its token and cookie", async () => {
    const before = Date.now();
    const me = await signedUp();
    const owner = (await ownerOf(me.cookie))!;
    expect(owner.owner).toMatch(/^[A-Za-z0-9_-]{32}$/);
    for (const id of owner.ids) expect(owner.owner).not.toContain(id);
    expect(me.setCookie).toContain(`Max-Age=${SESSION_MAX_AGE_SECONDS}`);
    // Auth.js counts the expiry from a whole second.
    expect(owner.expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + SESSION_MAX_AGE_SECONDS * 1000);
    expect(owner.expiresAt).toBeLessThanOrEqual(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
    // Read again (the page's next load), the same session keeps its name.
    expect(await ownerOf(me.cookie)).toEqual(owner);
  });

  it("another user, another sign-in of the same user and a password change each name a new owner", async () => {
    const me = await signedUp();
    const someoneElse = await signedUp();
    const first = (await ownerOf(me.cookie))!.owner;
    const again = sessionCookieFrom(
      (await callRoute(signin, { body: { email: me.email, password: me.password } })).headers,
    );
    const other = (await ownerOf(someoneElse.cookie))!.owner;
    const second = (await ownerOf(again))!.owner;
    expect(new Set([first, other, second]).size).toBe(3);

    const changed = await callRoute(profile, {
      body: { mName: "Me", email: me.email, password: "offline-owner-2", currentPassword: me.password },
      cookie: me.cookie,
    });
    expect(changed.status).toBe(200);
    const fresh = sessionCookieFrom(changed.headers);
    // The sessions that saved copies are gone: no owner, so the layouts render none and the login page ends them.
    expect(await ownerOf(me.cookie)).toBeNull();
    expect(await ownerOf(again)).toBeNull();
    expect([first, second, other]).not.toContain((await ownerOf(fresh))!.owner);
  });
});
