/** How a certificate reads, shared by its picture, its pages and the mail; pure (no I/O). */

import { intlLocale } from "@/lib/money";

/**
 * The certificate's date, one reading per certificate language wherever it is shown (picture,
 * pages, mail): a long date by Intl in that language ("25 de novembro de 2026", "November 25,
 * 2026"), never the viewer's. The SPEC's m/d/yy read as d/m/yy to a Portuguese reader, so two
 * certificates of the same day could disagree. Always in UTC, so every viewer sees the same day.
 */
export function certificateDate(date: Date, certificateLocale: string): string {
  return new Intl.DateTimeFormat(intlLocale(certificateLocale), { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/**
 * The final quiz's result as the verification page words it: right answers out of the questions
 * and the percentage in the UI language's format. The stored mark is the score times 10 (SPEC 9),
 * not a grade. Null when the question count is unknown (a certificate from before it was kept).
 */
export function quizResultParts(
  mark: number,
  questions: number | null,
  uiLocale: string,
): { score: number; total: number; percent: string } | null {
  if (!questions || questions <= 0) return null;
  const score = Math.min(Math.round(mark / 10), questions);
  const percent = new Intl.NumberFormat(intlLocale(uiLocale), { style: "percent", maximumFractionDigits: 0 }).format(
    score / questions,
  );
  return { score, total: questions, percent };
}

export const certificateImagePath = (publicId: string) => `/api/certificates/${publicId}/image`;

/** A public id as issued: 22 base64url characters (128 random bits). */
export function isPublicId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{22}$/.test(value);
}

/** LinkedIn's add-to-profile link, filled with the certificate. */
export function linkedInAddUrl(input: {
  courseTitle: string;
  issuedAt: Date;
  publicId: string;
  url: string;
  issuer: string;
}): string {
  const params = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: input.courseTitle,
    organizationName: input.issuer,
    issueYear: String(input.issuedAt.getUTCFullYear()),
    issueMonth: String(input.issuedAt.getUTCMonth() + 1),
    certUrl: input.url,
    certId: input.publicId,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
