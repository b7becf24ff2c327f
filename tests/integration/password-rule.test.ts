/**
 * One password rule everywhere (issue 33): sign-up, reset and profile accept the same shortest
 * password, however plain (no capital, digit or symbol: the reset page once asked for a symbol
 * the server never required), refuse one character less, and say the same length, in both
 * languages; the forms show that rule from the same catalog text.
 */
import { randomBytes } from "node:crypto";
import { POST as profile } from "@/app/api/profile/route";
import { POST as resetPasswordRoute } from "@/app/api/reset-password/route";
import { POST as signup } from "@/app/api/signup/route";
import { hashResetToken } from "@/features/accounts/password-reset";
import { PASSWORD_MIN_LENGTH, passwordProblem } from "@/lib/password-rule";
import { getDb } from "@/server/db/client";
import { passwordResetTokens } from "@/server/db/schema";
import { settleBackgroundMail } from "@/server/email/mailer";
import en from "../../messages/en.json";
import pt from "../../messages/pt.json";
import { signedUpUser } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
afterEach(() => settleBackgroundMail());

/** The plainest password the rule allows, and one character short of it. */
const plain = "a".repeat(PASSWORD_MIN_LENGTH);
const short = plain.slice(1);
const tooShort = {
  en: `Password should be at least ${PASSWORD_MIN_LENGTH} characters`,
  pt: `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres`,
};

let peer = 0;
const freshPeer = () => `198.19.${Math.floor(++peer / 250)}.${peer % 250}`;

/** A reset link's token, stored as the forgot route stores one (only its hash). */
async function resetToken(userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await (
    await getDb()
  )
    .insert(passwordResetTokens)
    .values({ userId, tokenHash: hashResetToken(token), expiresAt: new Date(Date.now() + 60 * 60 * 1000) });
  return token;
}

describe("the password rule", () => {
  it("is a length only, the same one the forms check", () => {
    expect(passwordProblem(plain)).toBeNull();
    expect(passwordProblem(short)).toBe("short");
    expect(passwordProblem("a".repeat(257))).toBe("long");
  });

  it.each(["en", "pt"] as const)(
    "sign-up accepts the plainest allowed password and names the length (%s)",
    async (locale) => {
      const refused = await callRoute(signup, {
        body: { email: `short-${locale}@example.io`, mName: "Ana", password: short },
        peer: freshPeer(),
        cookie: `NEXT_LOCALE=${locale}`,
      });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ code: "signup:password-short", message: tooShort[locale] });
      const accepted = await callRoute(signup, {
        body: { email: `plain-${locale}@example.io`, mName: "Ana", password: plain },
        peer: freshPeer(),
        cookie: `NEXT_LOCALE=${locale}`,
      });
      expect(accepted.status).toBe(201);
    },
  );

  it("the reset link takes the same password, and refuses one character less", async () => {
    const me = await signedUpUser({ password: "first-password1" });
    const token = await resetToken(me.id);
    const reset = (password: string) =>
      callRoute(resetPasswordRoute, { body: { token, password }, peer: freshPeer(), cookie: "NEXT_LOCALE=pt" });
    const refused = await reset(short);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: "reset:password-short", message: tooShort.pt });
    expect((await reset(plain)).status).toBe(200);
  });

  it("the profile takes the same password, and refuses one character less", async () => {
    const me = await signedUpUser({ password: "first-password1" });
    const change = (password: string) =>
      callRoute(profile, {
        body: { mName: me.name, email: me.email, password, currentPassword: me.password },
        cookie: `${me.sessionCookie}; NEXT_LOCALE=en`,
      });
    const refused = await change(short);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: "profile:password-short", message: tooShort.en });
    expect((await change(plain)).status).toBe(200);
  });

  it("is told by one text in each language, with the length and nothing more", () => {
    for (const catalog of [en, pt]) {
      expect(catalog.auth.passwordRule).toContain("{min}");
      expect(catalog.auth.passwordRule).not.toMatch(/symbol|símbolo|maiúscul|uppercase|número|number/i);
      // No form keeps a hint or a length of its own.
      expect(JSON.stringify(catalog)).not.toMatch(/\b9 (characters|caracteres)|9 ou mais|9 or more/);
    }
  });
});
