/**
 * The one password rule, for the server (sign-up, reset, profile, the super admin's setting) and
 * every form that asks for a new password: its length, nothing else. The strength meter on the
 * reset page only advises; no capital, digit or symbol is required anywhere.
 */
export const PASSWORD_MIN_LENGTH = 9;
/** Longer passwords are refused before hashing, so nobody can make the server hash megabytes. */
export const PASSWORD_MAX_LENGTH = 256;

export type PasswordProblem = "short" | "long";

/** What keeps a new password from being accepted, or null when it is. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "short";
  if (password.length > PASSWORD_MAX_LENGTH) return "long";
  return null;
}

/** The values every password message is written with (`{min}`, `{max}`), server and forms alike. */
export const PASSWORD_RULE_VALUES = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } as const;
