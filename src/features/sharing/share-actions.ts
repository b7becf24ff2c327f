/** Browser side of sharing: the owner's Share and Stop sharing actions (viewer and card menu). */
import { postJson } from "@/lib/http/post-json";

export type ShareOutcome = { ok: true; url: string; copied: boolean } | { ok: false; message?: string };

/** Makes the course shareable and copies its link (the same link while it stays shared). */
export async function shareCourseLink(courseId: string): Promise<ShareOutcome> {
  const response = await postJson(`/api/courses/${encodeURIComponent(courseId)}/share`, {});
  const body = (await response.json().catch(() => null)) as { url?: string; message?: string } | null;
  if (!response.ok || !body?.url) return { ok: false, message: body?.message };
  try {
    await navigator.clipboard.writeText(body.url);
    return { ok: true, url: body.url, copied: true };
  } catch {
    return { ok: true, url: body.url, copied: false };
  }
}

export async function stopSharingCourse(courseId: string): Promise<boolean> {
  const response = await fetch(`/api/courses/${encodeURIComponent(courseId)}/share`, { method: "DELETE" });
  return response.ok;
}
