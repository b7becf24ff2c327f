"use client";

import {
  BookOpenIcon,
  CheckCircle2Icon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CircleIcon,
  HomeIcon,
  ListIcon,
  LockIcon,
  MessageCircleIcon,
  MoreVerticalIcon,
  NotebookPenIcon,
  PanelLeftCloseIcon,
  PanelLeftOpenIcon,
  RefreshCwIcon,
  Share2Icon,
} from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { DropdownMenu } from "radix-ui";
import * as React from "react";
import { notify } from "@/components/notify";
import { SlowModelNotice, useSlowModel } from "@/components/slow-model";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetTitle } from "@/components/ui/sheet";
import { cn } from "@/lib/utils";
import type { LessonStreamEvent, ViewerData } from "../service";
import { failureText, postJson, readNdjson, StreamFailure } from "./ndjson";
import { LESSON_PROSE } from "./prose";
import { ProgressRing } from "./progress-ring";
import { RegenerateDialog, RewritingFrame } from "./regenerate-dialog";
import { LessonStream } from "./lesson-stream";
import { usePartialRenderer } from "./use-partial-renderer";
import { LessonSkeleton } from "./viewer-skeleton";

// Both panels load only when first opened: the editor and the chat stay out of the first load.
const ChatPanel = dynamic(() => import("./chat-panel").then((m) => m.ChatPanel), { ssr: false });
const NotesPanel = dynamic(() => import("./notes-panel").then((m) => m.NotesPanel), { ssr: false });

type Lesson = ViewerData["lesson"];
type Status = "ready" | "loading" | "streaming" | "error";

export function CourseViewer({ data, shareUrl, themeToggle }: { data: ViewerData; shareUrl: string; themeToggle: React.ReactNode }) {
  const t = useTranslations("viewer");
  const tc = useTranslations("common");
  const [topics, setTopics] = React.useState(data.topics);
  const [lesson, setLesson] = React.useState<Lesson>(data.lesson);
  const [progress, setProgress] = React.useState(data.progress);
  const [status, setStatus] = React.useState<Status>(data.lesson.theory ? "ready" : "loading");
  const [draft, setDraft] = React.useState("");
  const [outlineOpen, setOutlineOpen] = React.useState(true);
  const [drawerOpen, setDrawerOpen] = React.useState(false);
  const [chatOpen, setChatOpen] = React.useState(false);
  const [notesOpen, setNotesOpen] = React.useState(false);
  const [chatMounted, setChatMounted] = React.useState(false);
  const [notesMounted, setNotesMounted] = React.useState(false);
  const [confirmRegenerate, setConfirmRegenerate] = React.useState(false);
  const request = React.useRef<AbortController | null>(null);
  const busy = status === "loading" || status === "streaming";
  // When the lesson on screen was asked for, and how many pieces of it have come since.
  const [openedAt, setOpenedAt] = React.useState(0);
  const [pieces, setPieces] = React.useState(0);
  const slow = useSlowModel(busy ? `${openedAt}:${pieces}` : null);
  const renderPartial = usePartialRenderer();
  const streamed = status === "streaming" || (status === "loading" && Boolean(draft));
  // A regenerate keeps the lesson's text (an opening clears it): shown until new text can show.
  const rewriting = busy && Boolean(lesson.theory) && !(streamed && draft && renderPartial);

  const flat = React.useMemo(() => topics.flatMap((topic) => topic.lessons), [topics]);
  const index = flat.findIndex((l) => l.id === lesson.id);
  const previous = index > 0 ? flat[index - 1] : undefined;
  const next = index >= 0 && index < flat.length - 1 ? flat[index + 1] : undefined;

  const markInOutline = React.useCallback((id: string, values: { done?: boolean; generated?: boolean }) => {
    setTopics((current) =>
      current.map((topic) => ({ ...topic, lessons: topic.lessons.map((l) => (l.id === id ? { ...l, ...values } : l)) })),
    );
  }, []);

  // Lessons the background wrote while the learner read, with their text: opening one shows it
  // with no request in between.
  const kept = React.useRef(new Map<string, Lesson>());
  const openedIds = React.useRef(new Set<string>());

  /** Marks a lesson shown from `kept` as opened; ticks and progress follow when the server answers. */
  const markOpened = React.useCallback(
    async (id: string) => {
      try {
        const response = await postJson("/api/lesson/stream", { courseId: data.course.id, lessonId: id, regenerate: false });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        await readNdjson<LessonStreamEvent>(response, (event) => {
          if (event.type === "done") {
            setProgress(event.progress);
            markInOutline(id, { done: true, generated: true });
            setLesson((current) => (current.id === id ? { ...current, done: true } : current));
          } else if (event.type === "error") {
            throw new Error(event.code);
          }
        });
      } catch (error) {
        // The text is on screen already; the next opening marks it done.
        console.warn("marking the lesson opened failed", error);
      }
    },
    [data.course.id, markInOutline],
  );

  /** Opens a lesson: its text at once when written, else streamed as the model writes it. */
  const open = React.useCallback(
    async (target: { id: string; title: string }, options: { regenerate?: boolean } = {}) => {
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
        current.id === target.id && options.regenerate ? current : { ...current, id: target.id, title: target.title, theory: "", imageUrl: null, youtubeId: null, imageAttribution: null },
      );
      let finished = false;
      try {
        const response = await postJson("/api/lesson/stream", { courseId: data.course.id, lessonId: target.id, regenerate: options.regenerate ?? false }, controller.signal);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        await readNdjson<LessonStreamEvent>(response, (event) => {
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
        });
        if (!finished) throw new Error("the stream ended early");
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn("lesson failed", error);
        setDraft("");
        setStatus(options.regenerate ? "ready" : "error");
        notify.error(tc("errorTitle"), failureText(error, tc("internalError")));
      }
    },
    [data.course.id, markInOutline, markOpened, tc],
  );

  // The lesson on screen at first: written → shown (and counted as opened); else written now.
  const opened = React.useRef(false);
  React.useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (data.lesson.theory && data.lesson.done) return;
    // After the first paint: the server's skeleton or text shows at once.
    setTimeout(() => void open({ id: data.lesson.id, title: data.lesson.title }), 0);
  }, [data.lesson, open]);

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

  const select = (target: { id: string; title: string }) => {
    // Clicks are ignored while a lesson loads (SPEC).
    if (busy || target.id === lesson.id) return;
    setDrawerOpen(false);
    window.history.pushState(null, "", `?lesson=${encodeURIComponent(target.id)}`);
    window.scrollTo({ top: 0 });
    void open(target);
  };

  const share = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl);
      notify.success(t("shareCopied"), t("shareCopiedDescription"));
    } catch {
      notify.error(tc("errorTitle"), tc("internalError"));
    }
  };

  const outline = (
    <nav aria-label={t("outline")} className="space-y-5">
      {topics.map((topic) => (
        <section key={topic.id} className="space-y-1">
          <h2 className="px-2 text-sm font-semibold text-foreground">{topic.title}</h2>
          <ul className="space-y-0.5">
            {topic.lessons.map((l) => {
              const current = l.id === lesson.id;
              return (
                <li key={l.id}>
                  <button
                    type="button"
                    onClick={() => select(l)}
                    data-lesson-id={l.id}
                    aria-current={current ? "page" : undefined}
                    aria-disabled={busy && !current ? true : undefined}
                    className={cn(
                      "flex w-full items-start gap-2 rounded-md px-2 py-1.5 text-left text-sm transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                      current ? "bg-accent font-medium text-accent-foreground" : "text-muted-foreground",
                      busy && !current && "cursor-wait",
                    )}
                  >
                    {l.done ? (
                      <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-label={t("done")} role="img" />
                    ) : (
                      <CircleIcon className="mt-0.5 size-4 shrink-0" aria-label={t("notDone")} role="img" />
                    )}
                    <span>{l.title}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <div
        aria-disabled="true"
        title={t("quizSoon")}
        className="flex items-start gap-2 rounded-md border border-dashed px-2 py-2 text-sm text-muted-foreground"
        data-testid="quiz-entry"
      >
        <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <span className="block font-medium">{t("quizEntry", { topic: data.course.mainTopic })}</span>
          <span className="block text-xs">{t("quizSoon")}</span>
        </span>
      </div>
    </nav>
  );

  const progressLabel = t("progressLabel", { percent: progress });

  return (
    <div className="flex min-h-svh flex-col">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/95 px-3 backdrop-blur sm:px-4">
        <Button
          variant="ghost"
          size="icon"
          className="hidden md:inline-flex"
          onClick={() => setOutlineOpen((v) => !v)}
          aria-expanded={outlineOpen}
          aria-controls="course-outline"
          aria-label={outlineOpen ? t("hideOutline") : t("showOutline")}
        >
          {outlineOpen ? <PanelLeftCloseIcon aria-hidden /> : <PanelLeftOpenIcon aria-hidden />}
        </Button>
        <ProgressRing percent={progress} label={progressLabel} />
        <p className="min-w-0 flex-1 truncate font-semibold" title={data.course.mainTopic}>
          {data.course.mainTopic}
        </p>
        <div className="hidden items-center gap-1 md:flex" role="group" aria-label={t("actions")}>
          <Button variant="ghost" size="sm" asChild>
            <Link href="/dashboard">
              <HomeIcon aria-hidden />
              {t("home")}
            </Link>
          </Button>
          <Button variant="ghost" size="sm" onClick={share}>
            <Share2Icon aria-hidden />
            {t("share")}
          </Button>
          {themeToggle}
        </div>
      </header>

      <div className="flex flex-1">
        <aside
          id="course-outline"
          hidden={!outlineOpen}
          className="sticky top-14 hidden h-[calc(100svh-3.5rem)] w-72 shrink-0 overflow-y-auto border-r p-3 md:block"
        >
          {outline}
        </aside>

        <main className="min-w-0 flex-1 pb-36 md:pb-24" aria-busy={busy}>
          <article className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6">
            <div className="flex items-start gap-2">
              <h1 className="flex-1 text-2xl font-bold tracking-tight sm:text-3xl">{lesson.title}</h1>
              <DropdownMenu.Root modal={false}>
                <DropdownMenu.Trigger asChild>
                  <Button variant="ghost" size="icon" aria-label={t("lessonMenu")} disabled={busy}>
                    <MoreVerticalIcon aria-hidden />
                  </Button>
                </DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-48 rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
                    <DropdownMenu.Item
                      onSelect={() => setConfirmRegenerate(true)}
                      className="flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent"
                    >
                      <RefreshCwIcon className="size-4" aria-hidden />
                      {t("regenerate")}
                    </DropdownMenu.Item>
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
            </div>

            {slow ? <SlowModelNotice /> : null}

            {status === "loading" && !draft && !rewriting ? (
              <div role="status" aria-label={t("loadingLesson")}>
                <LessonSkeleton />
              </div>
            ) : null}

            {streamed && !rewriting ? renderPartial ? <LessonStream markdown={draft} render={renderPartial} /> : <LessonSkeleton /> : null}

            {status === "error" ? (
              <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-6" role="alert">
                <p>{t("generationFailed")}</p>
                <Button onClick={() => void open(lesson)}>
                  <RefreshCwIcon aria-hidden />
                  {t("retry")}
                </Button>
              </div>
            ) : null}

            {status === "ready" || rewriting ? (
              <RewritingFrame active={rewriting}>
                <LessonBody lesson={lesson} />
              </RewritingFrame>
            ) : null}

            <div className="flex items-center justify-between gap-3 border-t pt-4">
              {previous ? (
                <Button variant="outline" onClick={() => select(previous)} disabled={busy}>
                  <ChevronLeftIcon aria-hidden />
                  {t("previous")}
                </Button>
              ) : (
                <span />
              )}
              {next ? (
                <Button onClick={() => select(next)} disabled={busy}>
                  {t("next")}
                  <ChevronRightIcon aria-hidden />
                </Button>
              ) : null}
            </div>
          </article>
        </main>
      </div>

      {/* The two floating buttons, above the mobile bottom bar. */}
      <div className="fixed right-4 bottom-20 z-30 flex flex-col items-end gap-2 md:bottom-6">
        <Button
          className="rounded-full shadow-lg"
          variant="secondary"
          onClick={() => {
            setNotesMounted(true);
            setNotesOpen(true);
          }}
        >
          <NotebookPenIcon aria-hidden />
          {t("notesButton")}
        </Button>
        <Button
          className="rounded-full shadow-lg"
          onClick={() => {
            setChatMounted(true);
            setChatOpen(true);
          }}
        >
          <MessageCircleIcon aria-hidden />
          {t("chatButton")}
        </Button>
      </div>

      <nav
        aria-label={t("actions")}
        className="fixed inset-x-0 bottom-0 z-30 flex h-16 items-center justify-around border-t bg-background md:hidden"
        data-testid="mobile-bar"
      >
        <Button variant="ghost" size="sm" asChild>
          <Link href="/dashboard">
            <HomeIcon aria-hidden />
            {t("home")}
          </Link>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setDrawerOpen(true)}>
          <ListIcon aria-hidden />
          {t("courseContent")}
        </Button>
        <Button variant="ghost" size="sm" onClick={share}>
          <Share2Icon aria-hidden />
          {t("share")}
        </Button>
        {themeToggle}
      </nav>

      <RegenerateDialog open={confirmRegenerate} onOpenChange={setConfirmRegenerate} onConfirm={() => void open(lesson, { regenerate: true })} />

      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent side="left" closeLabel={t("closeLabel")} className="w-[18rem] overflow-y-auto p-4" aria-describedby={undefined}>
          <SheetTitle className="flex items-center gap-2 pr-8 text-lg font-semibold">
            <BookOpenIcon className="size-5" aria-hidden />
            {t("courseContent")}
          </SheetTitle>
          {outline}
        </SheetContent>
      </Sheet>

      {chatMounted ? (
        <ChatPanel open={chatOpen} onOpenChange={setChatOpen} courseId={data.course.id} lesson={{ id: lesson.id, title: lesson.title }} />
      ) : null}
      {notesMounted ? <NotesPanel open={notesOpen} onOpenChange={setNotesOpen} courseId={data.course.id} /> : null}
    </div>
  );
}

/** The lesson's media and its stored (server-sanitized) HTML. */
function LessonBody({ lesson }: { lesson: Lesson }) {
  const t = useTranslations("viewer");
  return (
    <div className="space-y-6">
      {lesson.youtubeId ? (
        <div className="aspect-video overflow-hidden rounded-lg border bg-muted">
          <iframe
            className="size-full"
            src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(lesson.youtubeId)}`}
            title={t("videoTitle", { title: lesson.title })}
            allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
          />
        </div>
      ) : lesson.imageUrl ? (
        <figure className="space-y-2">
          {/* Remote photos of any host and inline data URLs: next/image would need each host listed. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={lesson.imageUrl} alt={lesson.title} className="max-h-96 w-full rounded-lg border object-cover" />
          {lesson.imageAttribution ? (
            <figcaption className="text-xs text-muted-foreground">{t("imageBy", { attribution: lesson.imageAttribution })}</figcaption>
          ) : null}
        </figure>
      ) : null}
      <div
        data-testid="lesson-theory"
        className={LESSON_PROSE}
        // Sanitized on the server before it was stored (src/server/html/sanitize.ts).
        dangerouslySetInnerHTML={{ __html: lesson.theory }}
      />
    </div>
  );
}
