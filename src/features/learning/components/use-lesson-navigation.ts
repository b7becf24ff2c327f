import * as React from "react";
import { useSlowModel } from "@/components/slow-model";
import { readNdjson } from "@/lib/http/ndjson";
import { postJson } from "@/lib/http/post-json";
import { StreamFailure } from "@/lib/http/stream-failure";
import type { LessonStreamEvent } from "../lesson-stream";
import type { ViewerData } from "../viewer";

export type Lesson = ViewerData["lesson"];
export type LessonStatus = "ready" | "loading" | "streaming" | "error";
type Target = { id: string; title: string };

/**
 * The lesson on screen and the moves between lessons: opening (at once when written, else
 * streamed), background writing of the next one, back/forward, regenerate.
 */
export function useLessonNavigation(data: ViewerData, onFailure: (error: unknown) => void) {
  const [topics, setTopics] = React.useState(data.topics);
  const [lesson, setLesson] = React.useState<Lesson>(data.lesson);
  const [progress, setProgress] = React.useState(data.progress);
  const [status, setStatus] = React.useState<LessonStatus>(data.lesson.theory ? "ready" : "loading");
  const [draft, setDraft] = React.useState("");
  const request = React.useRef<AbortController | null>(null);
  const busy = status === "loading" || status === "streaming";
  // When the lesson on screen was asked for, and how many pieces of it have come since.
  const [openedAt, setOpenedAt] = React.useState(0);
  const [pieces, setPieces] = React.useState(0);
  const slow = useSlowModel(busy ? `${openedAt}:${pieces}` : null);

  const flat = React.useMemo(() => topics.flatMap((topic) => topic.lessons), [topics]);
  const index = flat.findIndex((l) => l.id === lesson.id);
  const previous = index > 0 ? flat[index - 1] : undefined;
  const next = index >= 0 && index < flat.length - 1 ? flat[index + 1] : undefined;

  const markInOutline = React.useCallback((id: string, values: { done?: boolean; generated?: boolean }) => {
    setTopics((current) =>
      current.map((topic) => ({
        ...topic,
        lessons: topic.lessons.map((l) => (l.id === id ? { ...l, ...values } : l)),
      })),
    );
  }, []);

  // Lessons the background wrote while the learner read, with their text: opening one shows it
  // with no request in between.
  const kept = React.useRef(new Map<string, Lesson>());
  const openedIds = React.useRef(new Set<string>());

  /** Marks a lesson already on screen as opened; ticks and progress follow when the server answers. */
  const markOpened = React.useCallback(
    async (id: string) => {
      try {
        const response = await postJson("/api/lesson/stream", {
          courseId: data.course.id,
          lessonId: id,
          regenerate: false,
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        for await (const event of readNdjson<LessonStreamEvent>(response)) {
          if (event.type === "done") {
            setProgress(event.progress);
            markInOutline(id, { done: true, generated: true });
            setLesson((current) => (current.id === id ? { ...current, done: true } : current));
          } else if (event.type === "error") {
            throw new StreamFailure(event.code, event.message);
          }
        }
      } catch (error) {
        // The text is on screen already; the next opening marks it done.
        console.warn("marking the lesson opened failed", error);
      }
    },
    [data.course.id, markInOutline],
  );

  /** Opens a lesson: its text at once when written, else streamed as the model writes it. */
  const open = React.useCallback(
    async (target: Target, options: { regenerate?: boolean } = {}) => {
      request.current?.abort();
      const ready = options.regenerate ? undefined : kept.current.get(target.id);
      // Once opened, the server's copy is the one to trust (a regenerate may follow).
      kept.current.delete(target.id);
      openedIds.current.add(target.id);
      if (ready) {
        request.current = null;
        setDraft("");
        setLesson(ready);
        setStatus("ready");
        void markOpened(target.id);
        return;
      }
      const controller = new AbortController();
      request.current = controller;
      setStatus("loading");
      setDraft("");
      setOpenedAt(Date.now());
      setPieces(0);
      setLesson((current) =>
        current.id === target.id && options.regenerate
          ? current
          : {
              ...current,
              id: target.id,
              title: target.title,
              theory: "",
              citations: [],
              imageUrl: null,
              youtubeId: null,
              imageAttribution: null,
            },
      );
      let finished = false;
      try {
        const response = await postJson(
          "/api/lesson/stream",
          { courseId: data.course.id, lessonId: target.id, regenerate: options.regenerate ?? false },
          { signal: controller.signal },
        );
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        for await (const event of readNdjson<LessonStreamEvent>(response)) {
          if (controller.signal.aborted) return;
          if (event.type === "delta") {
            setStatus("streaming");
            setDraft((text) => text + event.text);
            setPieces((n) => n + 1);
          } else if (event.type === "reset") {
            setDraft("");
            setPieces((n) => n + 1);
          } else if (event.type === "done") {
            finished = true;
            setLesson(event.lesson);
            setProgress(event.progress);
            markInOutline(event.lesson.id, { done: true, generated: true });
            setDraft("");
            setStatus("ready");
          } else if (event.type === "error") {
            throw new StreamFailure(event.code, event.message);
          }
        }
        if (!finished) throw new Error("the stream ended early");
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn("lesson failed", error);
        setDraft("");
        setStatus(options.regenerate ? "ready" : "error");
        onFailure(error);
      }
    },
    [data.course.id, markInOutline, markOpened, onFailure],
  );

  // The lesson on screen at first: opened and done → nothing to do; written → counted as opened;
  // else written now.
  const started = React.useRef(false);
  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (data.lesson.theory && data.lesson.done) return;
    openedIds.current.add(data.lesson.id);
    // After the first paint: the server's skeleton or text shows at once (and a written lesson
    // stays on screen while it is counted as opened).
    setTimeout(
      () =>
        void (data.lesson.theory ? markOpened(data.lesson.id) : open({ id: data.lesson.id, title: data.lesson.title })),
      0,
    );
  }, [data.lesson, open, markOpened]);

  // While the learner reads, the next lesson is written in the background.
  const prefetched = React.useRef(new Set<string>());
  React.useEffect(() => {
    if (status !== "ready" || !next || next.generated || prefetched.current.has(next.id)) return;
    const id = next.id;
    prefetched.current.add(id);
    // `wait`: the answer comes when the lesson is written, with its text, which is kept for opening.
    void postJson("/api/lesson/prefetch", { courseId: data.course.id, lessonId: id, wait: true })
      .then(async (response) => {
        const body = (await response.json()) as { state?: string; lesson?: Lesson };
        if (body.state === "ready" && body.lesson?.id === id && body.lesson.theory && !openedIds.current.has(id)) {
          kept.current.set(id, body.lesson);
          markInOutline(id, { generated: true });
        } else if (!response.ok) {
          prefetched.current.delete(id);
        }
      })
      .catch(() => {
        prefetched.current.delete(id);
      });
  }, [status, next, data.course.id, markInOutline]);

  // Back and forward move between lessons as the address changes.
  React.useEffect(() => {
    const onPop = () => {
      const id = new URLSearchParams(window.location.search).get("lesson");
      const target = flat.find((l) => l.id === id) ?? flat[0];
      if (target && target.id !== lesson.id) void open(target);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [flat, lesson.id, open]);

  /** A lesson chosen in the outline or with Previous/Next; ignored while one loads (SPEC). */
  const select = (target: Target) => {
    if (busy || target.id === lesson.id) return false;
    window.history.pushState(null, "", `?lesson=${encodeURIComponent(target.id)}`);
    window.scrollTo({ top: 0 });
    void open(target);
    return true;
  };

  return {
    topics,
    lesson,
    progress,
    status,
    busy,
    draft,
    slow,
    previous,
    next,
    select,
    retry: () => void open(lesson),
    regenerate: () => void open(lesson, { regenerate: true }),
  };
}
