import "server-only";

/**
 * The text of the lessons being written in this process, as it grows: requests here follow it
 * live (every delta at once), while requests elsewhere follow the draft in the database.
 * `epoch` moves when the model's attempt failed and its text was dropped (a `reset`).
 */
export type LiveLesson = { text: string; epoch: number; closed: boolean; listeners: Set<() => void> };

// On globalThis: the worker (started by instrumentation.ts) and the routes are bundled apart.
const holder = globalThis as unknown as {
  __aulaLiveLessons?: Map<string, LiveLesson>;
  __aulaLiveOpenings?: Map<string, Set<() => void>>;
};
const live = () => (holder.__aulaLiveLessons ??= new Map());
const openings = () => (holder.__aulaLiveOpenings ??= new Map());

/** Calls `listener` once the lesson starts being written in this process; returns the unsubscribe. */
export function onLiveLessonOpened(lessonId: string, listener: () => void): () => void {
  const set = openings().get(lessonId) ?? new Set();
  set.add(listener);
  openings().set(lessonId, set);
  return () => {
    set.delete(listener);
    if (set.size === 0 && openings().get(lessonId) === set) openings().delete(lessonId);
  };
}

export function liveLesson(lessonId: string): LiveLesson | undefined {
  return live().get(lessonId);
}

function notify(entry: LiveLesson) {
  for (const listener of entry.listeners) listener();
}

export function openLiveLesson(lessonId: string) {
  const entry: LiveLesson = { text: "", epoch: 0, closed: false, listeners: new Set() };
  live().set(lessonId, entry);
  for (const listener of openings().get(lessonId) ?? []) listener();
  return {
    entry,
    append(delta: string) {
      entry.text += delta;
      notify(entry);
    },
    reset() {
      entry.text = "";
      entry.epoch++;
      notify(entry);
    },
    /** The entry keeps its last text, for followers that have not read it all yet. */
    close() {
      entry.closed = true;
      if (live().get(lessonId) === entry) live().delete(lessonId);
      notify(entry);
    },
  };
}
