import { z } from "zod";

/**
 * Contract bodies. Fields are optional strings here so that a missing field gets the SPEC's
 * own message from the service; a wrong type is refused by the schema itself.
 */
const field = (max: number) => z.string().max(max, `must be at most ${max} characters`).optional();

export const signInBodySchema = z.object({
  email: field(320),
  password: field(1024),
});

export const signUpBodySchema = z.object({
  email: field(320),
  mName: field(1024),
  password: field(1024),
  /** Sent by the SPEC's clients as "free"; new accounts are always Free whatever it says. */
  type: z.string().max(32).optional(),
});

export const NAME_MAX_LENGTH = 100;

export const emailSchema = z.email();
