import { z } from "zod";

/**
 * Bodies of the account calls (SPEC section 7). As in schemas.ts, text fields are optional
 * strings so a missing one gets the SPEC's own message from the service; a wrong type or an
 * oversized value is refused by the schema itself.
 */
const field = (max: number) => z.string().max(max, `must be at most ${max} characters`).optional();

/** The contract also sends name, company and logo for the mail's branding; the server brands its own mails. */
export const forgotBodySchema = z.object({
  email: field(320),
  name: field(200),
  company: field(200),
  logo: field(2048),
});

export const resetPasswordBodySchema = z.object({
  password: field(1024),
  token: field(200),
});

export const profileBodySchema = z.object({
  email: field(320),
  mName: field(1024),
  password: field(1024),
  /** Needed when `email` or `password` changes. */
  currentPassword: field(1024),
  /** Identity comes from the session: a uid naming someone else is refused. */
  uid: field(64),
});

export const confirmEmailBodySchema = z.object({
  token: field(200),
});

/**
 * POST /api/profile/email-change/{resend,cancel}: no field is needed (the change is the session
 * user's); a `uid` naming someone else is refused as on POST /api/profile.
 */
export const emailChangeActionBodySchema = z.strictObject({
  uid: field(64),
});

/** POST /api/sessions: the one action, named, so an empty or stray body does nothing. */
export const sessionsActionBodySchema = z.strictObject({
  signOut: z.literal("others"),
});

/**
 * POST /api/deleteuser: the current password, as for a new e-mail or password; `userId` is the
 * contract's and may only name the session's user.
 */
export const deleteUserBodySchema = z.object({
  userId: field(64),
  currentPassword: field(1024),
});

/**
 * POST /api/data: a template and its data, never HTML, a subject or a free recipient. The mail
 * goes to the signed-in user; `to` and `uid` are accepted only when they name that user.
 * Certificate and receipt mails are sent by their own features, which check the facts first.
 */
const selfMailFields = { uid: field(64), to: field(320) };
export const mailRequestBodySchema = z.discriminatedUnion("template", [
  z.strictObject({ template: z.literal("welcome"), data: z.strictObject({}).optional(), ...selfMailFields }),
  z.strictObject({ template: z.literal("password-updated"), data: z.strictObject({}).optional(), ...selfMailFields }),
]);

/** A reset token as the mail carries it: 32 random bytes in base64url. */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
