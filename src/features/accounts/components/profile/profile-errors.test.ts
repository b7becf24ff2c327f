import { errorId, fieldId, fieldOfProfileError, firstInvalid } from "./profile-errors";

const fields = { name: "Ana", email: "ana@example.com", password: "", currentPassword: "" };

describe("profile errors", () => {
  it("put each refusal of POST /api/profile on the field it is about", () => {
    expect(fieldOfProfileError("profile:current-password-required", fields)).toBe("currentPassword");
    expect(fieldOfProfileError("profile:current-password-wrong", fields)).toBe("currentPassword");
    expect(fieldOfProfileError("profile:current-password-rate-limited", fields)).toBe("currentPassword");
    expect(fieldOfProfileError("profile:email-taken", fields)).toBe("email");
    expect(fieldOfProfileError("profile:invalid-email", fields)).toBe("email");
    expect(fieldOfProfileError("profile:password-short", fields)).toBe("password");
    expect(fieldOfProfileError("profile:name-long", fields)).toBe("name");
    expect(fieldOfProfileError("profile:missing-fields", { ...fields, name: " " })).toBe("name");
    expect(fieldOfProfileError("profile:missing-fields", { ...fields, email: "" })).toBe("email");
  });

  it("leave refusals about no one field to a toast", () => {
    expect(fieldOfProfileError("profile:forbidden", fields)).toBeNull();
    expect(fieldOfProfileError("internal", fields)).toBeNull();
    expect(fieldOfProfileError(undefined, fields)).toBeNull();
  });

  it("focus the first invalid field in the form's order", () => {
    expect(firstInvalid({ currentPassword: "x", email: "y" })).toBe("email");
    expect(firstInvalid({ currentPassword: "x" })).toBe("currentPassword");
    expect(firstInvalid({})).toBeNull();
  });

  it("name the inputs and their messages as the Account tab does", () => {
    expect(fieldId("currentPassword")).toBe("profile-current-password");
    expect(fieldId("name")).toBe("profile-name");
    expect(errorId("email")).toBe("profile-email-error");
  });
});
