"use client";

import { BookOpenIcon, ChevronLeftIcon, ChevronRightIcon, RefreshCwIcon } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { SlowModelNotice } from "@/components/slow-model";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetTitle } from "@/components/ui/sheet";
import { postForAnswer } from "@/lib/http/post-json";
import { failureText } from "@/lib/http/stream-failure";
import type { ViewerData } from "../viewer";
import { CourseOutline } from "./course-outline";
import { LessonBody } from "./lesson-body";
import { LessonMenu } from "./lesson-menu";
import { LessonStream } from "./lesson-stream";
import { MobileBar } from "./mobile-bar";
import { RegenerateDialog, RewritingFrame } from "./regenerate-dialog";
import { StudyButtons } from "./study-buttons";
import { useLessonNavigation } from "./use-lesson-navigation";
import { usePartialRenderer } from "./use-partial-renderer";
import { ViewerHeader } from "./viewer-header";
import { useWriting, WriteAllControl, WriteAllFailures } from "./write-all-control";
import { LessonSkeleton } from "./viewer-skeleton";
import { ReviewNotice } from "./review-notice";
import { paths } from "@/lib/paths";

// Most lessons are not updated since their learner read them: the notice and its word diff load
// only with a lesson that is.
const UpdatedNotice = dynamic(() => import("./updated-notice").then((m) => m.UpdatedNotice));

// Both panels load only when first opened: the editor and the chat stay out of the first load.
const ChatPanel = dynamic(() => import("./chat-panel").then((m) => m.ChatPanel), { ssr: false });
const NotesPanel = dynamic(() => import("./notes-panel").then((m) => m.NotesPanel), { ssr: false });
// "Add as a card" (spaced review) appears only once text is selected: kept out of the first load.
const AddCardFromSelection = dynamic(() => import("@/features/review/client").then((m) => m.AddCardFromSelection), {
  ssr: false,
});

/** "Next: {topic} Quiz" on the last lesson (cn does not merge classes, so not Button's with overrides). */
const NEXT_QUIZ =
  "inline-flex min-h-9 min-w-0 items-center gap-2 rounded-md bg-primary px-4 py-1.5 text-sm font-medium text-primary-foreground transition-colors outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4 [&_svg]:shrink-0";

/** The course viewer: header, outline, the lesson, the study panels and the phone's bottom bar. */
export function CourseViewer({
  data,
  courseActions,
  themeToggle,
  languageMenu,
  mastery,
}: {
  data: ViewerData;
  /** Per-topic mastery (the mastery feature's, rendered on the server), below the outline. */
  mastery?: React.ReactNode;
  /** Share, Export and Offline (the export feature's), for the header and for the phone's bottom bar. */
  courseActions: { header: React.ReactNode; bar: React.ReactNode };
  themeToggle: React.ReactNode;
  /** The UI language menu (pt/en), as every signed-in page has it. */
  languageMenu: React.ReactNode;
}) {
  const t = useTranslations("viewer");
  const tc = useTranslations("common");
  const onFailure = React.useCallback(
    (error: unknown) => notify.error(tc("errorTitle"), failureText(error, tc("internalError"))),
    [tc],
  );
  const nav = useLessonNavigation(data, onFailure);
  const { lesson, status, busy, draft } = nav;
  const [outlineOpen, setOutlineOpen] = React.useState(true);
  const [drawerOpen, setDrawerOpen] = React.useState(false);
  const [panel, setPanel] = React.useState<{ chat: boolean; notes: boolean }>({ chat: false, notes: false });
  const [mounted, setMounted] = React.useState<{ chat: boolean; notes: boolean }>({ chat: false, notes: false });
  const [confirmRegenerate, setConfirmRegenerate] = React.useState(false);
  const renderPartial = usePartialRenderer();
  /** The lesson's text, where a selection can become a review card. */
  const lessonTextRef = React.useRef<HTMLDivElement>(null);
  const writing = useWriting(data.course.id, data.writing);
  // An enrolled learner studies the course; rewriting lessons and writing them all are its owner's.
  const owner = data.course.isOwner;
  // Lessons the batch could not write, until they are written (opening one writes it).
  const failed = React.useMemo(() => {
    const ids = new Set(writing.progress.failedLessons ?? []);
    for (const topic of nav.topics) for (const l of topic.lessons) if (l.generated) ids.delete(l.id);
    return ids;
  }, [writing.progress.failedLessons, nav.topics]);
  // The course's words carry its language and direction; the buttons and labels keep the UI's.
  const text = data.course.text;
  // A review lesson (after a failed quiz) says so and leads to the retest.
  const isReview = nav.topics.some((topic) => topic.lessons.some((l) => l.id === lesson.id && l.review));
  const streamed = status === "streaming" || (status === "loading" && Boolean(draft));
  // A regenerate keeps the lesson's text (an opening clears it): shown until new text can show.
  const rewriting = busy && Boolean(lesson.theory) && !(streamed && draft && renderPartial);

  const select = (target: { id: string; title: string }) => {
    if (nav.select(target)) setDrawerOpen(false);
  };
  const openPanel = (which: "chat" | "notes") => {
    setMounted((m) => ({ ...m, [which]: true }));
    setPanel((p) => ({ ...p, [which]: true }));
  };
  const router = useRouter();
  const certificatePath = paths.courseCertificate(data.course.id);
  // The server checks completion again and issues (and mails) the certificate the first time.
  const certificate = async () => {
    if (nav.progress < 100) {
      notify.info(t("certificateTitle"), t("certificateIncomplete"));
      return;
    }
    if (!data.course.completed) {
      const finished = await postForAnswer("/api/finish", { courseId: data.course.id }).catch(() => null);
      if (!finished?.ok) {
        notify.error(tc("errorTitle"), tc("internalError"));
        return;
      }
    }
    router.push(certificatePath);
  };

  const outline = (before?: React.ReactNode) => (
    <CourseOutline
      topics={nav.topics}
      currentId={lesson.id}
      busy={busy}
      mainTopic={data.course.mainTopic}
      courseId={data.course.id}
      quizPassed={data.course.quizPassed}
      text={text}
      onSelect={select}
      writing={writing.active ? writing.progress.topics : undefined}
      failed={failed}
      before={before}
    />
  );
  const study = (floating: boolean) => (
    <StudyButtons floating={floating} onNotes={() => openPanel("notes")} onChat={() => openPanel("chat")} />
  );

  return (
    <div className="flex min-h-svh flex-col">
      <ViewerHeader
        mainTopic={data.course.mainTopic}
        text={text}
        progress={nav.progress}
        outlineOpen={outlineOpen}
        onToggleOutline={() => setOutlineOpen((v) => !v)}
        onCertificate={certificate}
        writeAll={owner ? <WriteAllControl state={writing} variant="header" /> : null}
        courseActions={courseActions.header}
        studyButtons={study(false)}
        themeToggle={themeToggle}
        languageMenu={languageMenu}
      />

      <div className="flex flex-1">
        <aside
          id="course-outline"
          hidden={!outlineOpen}
          className="sticky top-14 hidden h-[calc(100svh-3.5rem)] w-72 shrink-0 overflow-y-auto border-e p-3 md:block"
        >
          {outline()}
          {mastery}
        </aside>

        {/* Below md: the bottom bar (4 rem) and the study strip on it (3.5 rem) plus a gap, so the
            lesson's end scrolls clear of both (the article adds its own 1.5 rem). */}
        <main className="min-w-0 flex-1 pb-32 md:pb-12" aria-busy={busy}>
          <WriteAllFailures state={writing} failed={failed.size} />
          <article className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6">
            <div className="flex items-start gap-2">
              <h1
                {...text}
                data-testid="lesson-title"
                className="min-w-0 flex-1 text-start text-2xl font-bold tracking-tight break-words sm:text-3xl"
              >
                {lesson.title}
              </h1>
              {data.course.canEdit ? (
                <LessonMenu
                  disabled={busy}
                  onRegenerate={owner ? () => setConfirmRegenerate(true) : undefined}
                  // A written lesson of the course's own (not a learner's review lesson) can be edited.
                  onEdit={
                    lesson.theory && !isReview
                      ? () => router.push(paths.editLesson(data.course.id, lesson.id))
                      : undefined
                  }
                  onEditOutline={() => router.push(paths.editOutline(data.course.id))}
                  onPublish={() => router.push(paths.publishCourse(data.course.id))}
                />
              ) : null}
            </div>

            {isReview ? <ReviewNotice courseId={data.course.id} /> : null}
            {lesson.updated && status === "ready" ? (
              <UpdatedNotice lessonId={lesson.id} update={lesson.updated} text={text} />
            ) : null}

            {nav.slow ? <SlowModelNotice /> : null}

            {status === "loading" && !draft && !rewriting ? (
              <div role="status" aria-label={t("loadingLesson")}>
                <LessonSkeleton />
              </div>
            ) : null}

            {streamed && !rewriting ? (
              renderPartial ? (
                <LessonStream markdown={draft} title={lesson.title} text={text} render={renderPartial} />
              ) : (
                <LessonSkeleton />
              )
            ) : null}

            {status === "error" ? (
              <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-6" role="alert">
                <p>{t("generationFailed")}</p>
                <Button onClick={nav.retry}>
                  <RefreshCwIcon aria-hidden />
                  {t("retry")}
                </Button>
              </div>
            ) : null}

            {status === "ready" || rewriting ? (
              <RewritingFrame active={rewriting}>
                <div ref={lessonTextRef}>
                  <LessonBody lesson={lesson} text={text} />
                </div>
              </RewritingFrame>
            ) : null}
            {status === "ready" && !rewriting ? (
              <AddCardFromSelection key={lesson.id} lessonId={lesson.id} container={lessonTextRef} />
            ) : null}

            <div className="flex items-center justify-between gap-3 border-t pt-4">
              {nav.previous ? (
                <Button variant="outline" onClick={() => nav.previous && select(nav.previous)} disabled={busy}>
                  <ChevronLeftIcon aria-hidden />
                  {t("previous")}
                </Button>
              ) : (
                <span />
              )}
              {nav.next ? (
                <Button onClick={() => nav.next && select(nav.next)} disabled={busy}>
                  {t("next")}
                  <ChevronRightIcon aria-hidden />
                </Button>
              ) : (
                // The last lesson leads on to the quiz (its title in the course's own language).
                // A primary button's look, but it wraps and shrinks: a long title fits a phone.
                <Link href={paths.courseQuiz(data.course.id)} className={NEXT_QUIZ} data-testid="next-quiz">
                  <span className="min-w-0 text-start break-words">
                    {t.rich("nextQuiz", {
                      topic: data.course.mainTopic,
                      title: (chunks) => <bdi {...text}>{chunks}</bdi>,
                    })}
                  </span>
                  <ChevronRightIcon aria-hidden />
                </Link>
              )}
            </div>
          </article>
        </main>
      </div>

      {study(true)}

      <MobileBar
        onOpenContent={() => setDrawerOpen(true)}
        onCertificate={certificate}
        courseActions={courseActions.bar}
        themeToggle={themeToggle}
      />

      <RegenerateDialog open={confirmRegenerate} onOpenChange={setConfirmRegenerate} onConfirm={nav.regenerate} />

      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent
          side="left"
          closeLabel={t("closeLabel")}
          className="w-[18rem] overflow-y-auto p-4"
          aria-describedby={undefined}
        >
          <SheetTitle className="flex items-center gap-2 pr-8 text-lg font-semibold">
            <BookOpenIcon className="size-5" aria-hidden />
            {t("courseContent")}
          </SheetTitle>
          {outline(owner ? <WriteAllControl state={writing} variant="drawer" /> : null)}
          {mastery}
        </SheetContent>
      </Sheet>

      {mounted.chat ? (
        <ChatPanel
          open={panel.chat}
          onOpenChange={(open) => setPanel((p) => ({ ...p, chat: open }))}
          courseId={data.course.id}
          lesson={{ id: lesson.id, title: lesson.title }}
          text={text}
        />
      ) : null}
      {mounted.notes ? (
        <NotesPanel
          open={panel.notes}
          onOpenChange={(open) => setPanel((p) => ({ ...p, notes: open }))}
          courseId={data.course.id}
        />
      ) : null}
    </div>
  );
}
