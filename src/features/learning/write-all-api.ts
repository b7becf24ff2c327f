/**
 * The browser's side of "Write all lessons" (the routes under /api/courses/{id} that this
 * feature serves): start, cancel and read progress. The viewer calls it from here; the course
 * card (courses) and "write them first?" (export) through `@/features/learning/client`.
 */
import { postJson } from "@/lib/http/post-json";
import { brandedError } from "@/lib/branded-error";

/** What GET /api/courses/{id}/progress answers. */
export type WritingProgress = {
  /** Lessons with their text. */
  written: number;
  total: number;
  /** Unwritten lessons whose last job failed for good (a new "Write all" tries them again). */
  failed: number;
  /** Unwritten lessons being written now. */
  running: number;
  /** Unwritten lessons waiting their turn. */
  queued: number;
  /**
   * Of those being written or waiting, the ones "Write all lessons" asked for (not the lesson the
   * learner opened, nor the next one written ahead): the viewer shows the batch while it is above 0.
   */
  batch: number;
  /** The same count per topic, in outline order, for the outline's ticks. */
  topics: { id: string; written: number; total: number }[];
  /** The `failed` lessons by id, in outline order, for the outline's marks (learning's writing-status.ts). */
  failedLessons?: string[];
};

const base = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}`;

/** Failure carries the server's message (e.g. the model not configured) when it gave one. */
class WriteAllError extends brandedError("WriteAllError") {}

async function answer<T>(response: Response): Promise<T> {
  const data = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok || !data) throw new WriteAllError(data?.message ?? "");
  return data;
}

/** Told on `window` when lessons of a course were queued, so a viewer open on it shows the progress. */
export const WRITE_ALL_STARTED = "aula:write-all-started";

export async function startWriteAll(courseId: string): Promise<{ queued: number }> {
  const started = await answer<{ queued: number }>(await postJson(`${base(courseId)}/write-all`, {}));
  window.dispatchEvent(new CustomEvent(WRITE_ALL_STARTED, { detail: courseId }));
  return started;
}

export async function stopWriteAll(courseId: string): Promise<{ cancelled: number }> {
  return answer(await fetch(`${base(courseId)}/write-all`, { method: "DELETE" }));
}

export async function fetchWritingProgress(courseId: string, signal?: AbortSignal): Promise<WritingProgress> {
  return answer(await fetch(`${base(courseId)}/progress`, { cache: "no-store", signal }));
}

/** Lessons of "Write all lessons" still on their way (waiting or being written). */
export const activeCount = (progress: WritingProgress) => progress.batch;

/**
 * Asks for a course's writing progress every `everyMs` (twice that after a dropped connection)
 * while `onProgress` answers true. Returns the function that stops it.
 */
export function pollWritingProgress(
  courseId: string,
  everyMs: number,
  onProgress: (progress: WritingProgress) => boolean,
): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout>;
  const tick = async () => {
    try {
      if (onProgress(await fetchWritingProgress(courseId, controller.signal))) timer = setTimeout(tick, everyMs);
    } catch {
      if (!controller.signal.aborted) timer = setTimeout(tick, everyMs * 2);
    }
  };
  timer = setTimeout(tick, everyMs);
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}
