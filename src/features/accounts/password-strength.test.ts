import { passwordScore, passwordStrength } from "./password-strength";

describe("password strength (SPEC section 5)", () => {
  it.each([
    ["", 0, "weak"],
    ["a", 20, "weak"],
    ["abcdefghi", 40, "medium"],
    ["Abcdefgh", 40, "medium"],
    ["Abcdefghi", 60, "medium"],
    ["Abcdefgh1", 80, "strong"],
    ["abcdefg1!", 80, "strong"],
    ["Abcdefg1!", 100, "strong"],
    ["ção-ção", 40, "medium"], // a non-ASCII letter counts as a symbol, like any non [A-Za-z0-9]
  ])("%j scores %i (%s)", (password, score, strength) => {
    expect(passwordScore(password)).toBe(score);
    expect(passwordStrength(passwordScore(password))).toBe(strength);
  });
});
