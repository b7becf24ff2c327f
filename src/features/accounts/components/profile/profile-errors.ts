import type { ProfileFields } from "./profile-view";

export type ProfileField = keyof ProfileFields;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

/** The form's order: the first invalid field in it is the one that takes the focus. */
const PROFILE_FIELDS: readonly ProfileField[] = ["name", "email", "password", "currentPassword"];

/** The id of a profile field's input (account-tab.tsx) and of the message under it. */
export const fieldId = (field: ProfileField) =>
  field === "currentPassword" ? "profile-current-password" : `profile-${field}`;
export const errorId = (field: ProfileField) => `${fieldId(field)}-error`;

/**
 * Which field a refusal of POST /api/profile is about, from its error code, so its message is
 * shown under that field; null for refusals about no one field (they stay a toast).
 */
export function fieldOfProfileError(code: string | undefined, fields: ProfileFields): ProfileField | null {
  switch (code) {
    case "profile:missing-fields":
      return fields.name.trim() ? "email" : "name";
    case "profile:name-long":
      return "name";
    case "profile:invalid-email":
    case "profile:email-taken":
    case "profile:email-change-rate-limited":
      return "email";
    case "profile:password-short":
    case "profile:password-long":
      return "password";
    case "profile:current-password-required":
    case "profile:current-password-wrong":
    case "profile:current-password-rate-limited":
      return "currentPassword";
    default:
      return null;
  }
}

/** The first invalid field, in the form's order. */
export function firstInvalid(errors: ProfileErrors): ProfileField | null {
  return PROFILE_FIELDS.find((field) => errors[field]) ?? null;
}
