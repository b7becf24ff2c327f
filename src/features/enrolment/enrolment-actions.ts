import { paths } from "@/lib/paths";

/** What the server answered a change of who may enrol: ok, or its code and message. */
export type VisibilityOutcome = { ok: true } | { ok: false; code?: string; message?: string };

/**
 * Opens the course to anyone with its link (`unlisted`), lists it in the catalogue too (`public`)
 * or closes it to new learners (`private`).
 */
export async function changeCourseVisibility(
  courseId: string,
  visibility: "private" | "unlisted" | "public",
): Promise<VisibilityOutcome> {
  const response = await fetch(`/api/courses/${encodeURIComponent(courseId)}`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ visibility }),
  });
  if (response.ok) return { ok: true };
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  return { ok: false, code: body?.code, message: body?.message };
}

/** The course's own address: who opens it signed in may enrol, when its owner allows. */
export const enrolLink = (courseId: string) => new URL(paths.course(courseId), window.location.origin).toString();

/** Enrols the signed-in user (`POST`) or takes them out of the course with their state (`DELETE`). */
export async function enrolment(
  courseId: string,
  method: "POST" | "DELETE",
): Promise<{ ok: boolean; message?: string }> {
  const response = await fetch(`/api/courses/${encodeURIComponent(courseId)}/enroll`, { method });
  if (response.ok) return { ok: true };
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return { ok: false, message: body?.message };
}
