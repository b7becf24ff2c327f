/** How a certificate reads, shared by its picture, its pages and the mail; pure (no I/O). */

/** SPEC 5 "Certificate": m/d/yy in en; the Portuguese reading is dd/mm/aa. Always in UTC, so every viewer sees the same day. */
export function certificateDate(date: Date, locale: string): string {
  const d = String(date.getUTCDate()).padStart(2, "0");
  const m = String(date.getUTCMonth() + 1).padStart(2, "0");
  const yy = String(date.getUTCFullYear() % 100).padStart(2, "0");
  return locale === "en" ? `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${yy}` : `${d}/${m}/${yy}`;
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
