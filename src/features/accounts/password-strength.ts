/**
 * The SPEC's password strength: 20 points each for being non-empty, 9 or more characters, an
 * uppercase letter, a digit and a symbol. Under 40 is weak, under 80 medium, otherwise strong.
 */
export type PasswordStrength = "weak" | "medium" | "strong";

export function passwordScore(password: string): number {
  let score = 0;
  if (password.length > 0) score += 20;
  if (password.length >= 9) score += 20;
  if (/[A-Z]/.test(password)) score += 20;
  if (/[0-9]/.test(password)) score += 20;
  if (/[^A-Za-z0-9]/.test(password)) score += 20;
  return score;
}

export function passwordStrength(score: number): PasswordStrength {
  if (score < 40) return "weak";
  if (score < 80) return "medium";
  return "strong";
}
