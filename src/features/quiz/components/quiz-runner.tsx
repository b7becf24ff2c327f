"use client";

import {
  ArrowLeftIcon,
  BookOpenIcon,
  CheckCircle2Icon,
  ChevronLeftIcon,
  ChevronRightIcon,
  RotateCcwIcon,
  SparklesIcon,
  TimerIcon,
  XCircleIcon,
} from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { postJson } from "@/lib/http/post-json";
import { cn } from "@/lib/utils";
import {
  markPercent,
  SECONDS_PER_QUESTION,
  type AttemptMark,
  type PublicQuestion,
  type QuestionResult,
} from "../grading";
import { paths } from "@/lib/paths";

/** SPEC 9: a skeleton for 1.5 s before the intro. */
const SKELETON_MS = 1500;

type Outcome = {
  score: number;
  percent: number;
  passed: boolean;
  counted: boolean;
  results: QuestionResult[];
  progress: number;
};
type Stage = "skeleton" | "intro" | "loading" | "questions" | "submitting" | "results";
/** The learner's newest and best counted attempts, as the quiz page shows them before a start. */
type Marks = { last: AttemptMark | null; best: AttemptMark | null };

/** The error code `/api/aiexam` answers when a retest cannot ask anything new (quiz-job.ts). */
const NO_FRESH_QUESTIONS = "quiz:no-fresh-questions";

/** Red below 50 %, green from 80 %, amber between (SPEC 9). */
function ringTone(percent: number): string {
  if (percent < 50) return "stroke-red-600 text-red-700 dark:text-red-400";
  if (percent >= 80) return "stroke-emerald-600 text-emerald-700 dark:text-emerald-400";
  return "stroke-amber-500 text-amber-700 dark:text-amber-400";
}

function ResultRing({ percent, label }: { percent: number; label: string }) {
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  const tone = ringTone(percent);
  return (
    <div
      role="img"
      aria-label={label}
      className={cn("relative flex size-36 items-center justify-center", tone)}
      data-testid="quiz-ring"
      data-percent={percent}
    >
      <svg viewBox="0 0 120 120" className="absolute inset-0 -rotate-90" aria-hidden>
        <circle cx="60" cy="60" r={radius} fill="none" strokeWidth="10" className="stroke-muted" />
        <circle
          cx="60"
          cy="60"
          r={radius}
          fill="none"
          strokeWidth="10"
          strokeLinecap="round"
          className={tone}
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - percent / 100)}
        />
      </svg>
      <span className="text-3xl font-bold tabular-nums" aria-hidden>
        {percent}%
      </span>
    </div>
  );
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** The quiz: skeleton, intro, one question at a time against the clock, then the results. */
export function QuizRunner({
  course,
  retest = false,
}: {
  course: { id: string; mainTopic: string; quizPassed: boolean; marks?: Marks };
  /** After a review lesson: the intro offers new questions, none asked before (decision 025). */
  retest?: boolean;
}) {
  const t = useTranslations("quiz");
  const tr = useTranslations("remediation");
  const [reviewing, setReviewing] = React.useState(false);
  const tc = useTranslations("common");
  const router = useRouter();
  const [stage, setStage] = React.useState<Stage>("skeleton");
  const [questions, setQuestions] = React.useState<PublicQuestion[]>([]);
  const [answers, setAnswers] = React.useState<string[]>([]);
  const [index, setIndex] = React.useState(0);
  const [secondsLeft, setSecondsLeft] = React.useState(0);
  const [outcome, setOutcome] = React.useState<Outcome | null>(null);
  const [deadline, setDeadline] = React.useState(0);
  const [marks, setMarks] = React.useState<Marks>(course.marks ?? { last: null, best: null });
  // New questions were asked for and none could be written: the server's words, and the regular quiz.
  const [noFresh, setNoFresh] = React.useState<string | null>(null);
  // The attempt the questions on screen belong to: its answers are graded in its own order.
  const attemptRef = React.useRef<string | undefined>(undefined);
  // The timer sends what is chosen so far; a ref, so the clock's callback sees the latest.
  const answersRef = React.useRef<string[]>([]);
  const headingRef = React.useRef<HTMLHeadingElement>(null);

  React.useEffect(() => {
    const timer = setTimeout(() => setStage("intro"), SKELETON_MS);
    return () => clearTimeout(timer);
  }, []);

  const failed = React.useCallback(() => notify.error(tc("errorTitle"), tc("internalError")), [tc]);

  const start = async (renew: boolean) => {
    setStage("loading");
    setNoFresh(null);
    try {
      const response = await postJson("/api/aiexam", { courseId: course.id, renew });
      const data = (await response.json().catch(() => null)) as {
        success?: boolean;
        message?: string;
        attemptId?: string;
        code?: string;
      } | null;
      if (renew && data?.code === NO_FRESH_QUESTIONS) {
        setNoFresh(data.message ?? "");
        setStage(outcome ? "results" : "intro");
        return;
      }
      if (!response.ok || !data?.success || typeof data.message !== "string") throw new Error("aiexam");
      const list = JSON.parse(data.message) as PublicQuestion[];
      attemptRef.current = data.attemptId;
      setQuestions(list);
      setAnswers(list.map(() => ""));
      answersRef.current = list.map(() => "");
      setIndex(0);
      setOutcome(null);
      setSecondsLeft(list.length * SECONDS_PER_QUESTION);
      setDeadline(Date.now() + list.length * SECONDS_PER_QUESTION * 1000);
      setStage("questions");
    } catch {
      failed();
      setStage(outcome ? "results" : "intro");
    }
  };

  // "Review what I missed": the server adds a review lesson per missed topic; the viewer then
  // opens the first, which streams as any lesson does.
  const review = async () => {
    setReviewing(true);
    try {
      const response = await postJson("/api/quiz/remediation", { courseId: course.id });
      const data = (await response.json().catch(() => null)) as {
        success?: boolean;
        message?: string;
        lessons?: { id: string }[];
      } | null;
      const first = data?.lessons?.[0];
      if (!response.ok || !data?.success || !first) {
        notify.error(tc("errorTitle"), data?.message ?? tr("failed"));
        setReviewing(false);
        return;
      }
      router.push(paths.course(course.id, { lesson: first.id }));
    } catch {
      notify.error(tc("errorTitle"), tr("failed"));
      setReviewing(false);
    }
  };

  const finish = React.useCallback(async () => {
    setStage("submitting");
    try {
      const response = await postJson("/api/quiz/submit", {
        courseId: course.id,
        answers: answersRef.current,
        attemptId: attemptRef.current,
      });
      const data = (await response.json().catch(() => null)) as
        (Outcome & { success?: boolean; message?: string }) | null;
      if (response.status === 409) {
        // The attempt was graded or replaced (another tab): it cannot be sent again, only started anew.
        notify.error(tc("errorTitle"), data?.message ?? tc("internalError"));
        setOutcome(null);
        setStage("intro");
        return;
      }
      if (!response.ok || !data?.success) throw new Error("submit");
      if (data.counted) {
        const mark = { score: data.score, total: data.results.length, passed: data.passed };
        setMarks((m) => ({ last: mark, best: !m.best || mark.score >= m.best.score ? mark : m.best }));
      }
      setOutcome(data);
      setStage("results");
    } catch {
      failed();
      setStage("questions");
    }
  }, [course.id, failed, tc]);

  // The clock runs on the wall time while the questions are shown; at zero the answers so far are sent.
  React.useEffect(() => {
    if (stage !== "questions") return;
    const tick = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        clearInterval(tick);
        void finish();
      }
    }, 250);
    return () => clearInterval(tick);
  }, [stage, deadline, finish]);

  React.useEffect(() => {
    if (stage === "questions" || stage === "results" || stage === "intro") headingRef.current?.focus();
  }, [stage, index]);

  if (stage === "skeleton") {
    return (
      <main id="main" className="mx-auto w-full max-w-2xl space-y-4 px-4 py-10" aria-busy="true">
        <span className="sr-only" role="status">
          {t("loading")}
        </span>
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-5/6" />
        <Skeleton className="h-11 w-36" />
      </main>
    );
  }

  const backLink = (
    <Button variant="ghost" size="sm" asChild>
      <Link href={paths.course(course.id)}>
        <ArrowLeftIcon aria-hidden />
        {t("backToCourse")}
      </Link>
    </Button>
  );

  if (stage === "intro" || stage === "loading") {
    return (
      <main id="main" className="mx-auto w-full max-w-2xl space-y-5 px-4 py-10">
        {backLink}
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
          {retest ? tr("retestTitle", { topic: course.mainTopic }) : t("title", { topic: course.mainTopic })}
        </h1>
        <p className="text-muted-foreground">{retest ? tr("retestIntro") : t("intro")}</p>
        {course.quizPassed ? (
          <p className="font-medium text-emerald-700 dark:text-emerald-400">{t("alreadyPassed")}</p>
        ) : null}
        <QuizMarks marks={marks} />
        {noFresh !== null ? (
          <NoFreshQuestions message={noFresh} onRegular={() => void start(false)} busy={stage === "loading"} />
        ) : (
          <Button size="lg" onClick={() => start(retest)} disabled={stage === "loading"} data-testid="quiz-start">
            {stage === "loading" ? t("preparing") : retest ? tr("retestStart") : t("start")}
          </Button>
        )}
      </main>
    );
  }

  if ((stage === "questions" || stage === "submitting") && questions.length > 0) {
    const question = questions[index];
    const chosen = answers[index];
    const last = index === questions.length - 1;
    const name = `question-${index}`;
    return (
      <main id="main" className="mx-auto w-full max-w-2xl space-y-6 px-4 py-10" aria-busy={stage === "submitting"}>
        {/* The way back during an attempt asks first: leaving ends the attempt without a score
            (nothing is sent), which a stray tap should not do. An alert dialog, so the focus is
            held in it, Escape or "Stay" keeps the attempt, and the focus returns to this button. */}
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" disabled={stage === "submitting"} data-testid="quiz-leave">
              <ArrowLeftIcon aria-hidden />
              {t("backToCourse")}
            </Button>
          }
          title={t("leaveTitle")}
          description={t("leaveText")}
          cancelLabel={t("stay")}
          confirmLabel={t("leave")}
          destructive
          onConfirm={async () => router.push(paths.course(course.id))}
        />
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-medium text-muted-foreground">{t("questionNumber", { number: index + 1 })}</p>
          <p
            className={cn(
              "flex items-center gap-1.5 font-mono text-lg font-semibold tabular-nums",
              secondsLeft <= 30 && "text-red-700 dark:text-red-400",
            )}
            role="timer"
            aria-label={t("timeLeft", { time: clock(secondsLeft) })}
            data-testid="quiz-timer"
          >
            <TimerIcon className="size-5" aria-hidden />
            {clock(secondsLeft)}
          </p>
        </div>
        <fieldset className="space-y-3">
          <legend className="mb-3 w-full">
            <h1 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none sm:text-2xl" dir="auto">
              <Formatted text={question.question} html={question.html} />
            </h1>
          </legend>
          {question.options.map((option) => (
            <label
              key={option.letter}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors hover:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                chosen === option.letter && "border-primary bg-primary/5",
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.letter}
                checked={chosen === option.letter}
                onChange={() => {
                  const next = answers.map((a, i) => (i === index ? option.letter : a));
                  answersRef.current = next;
                  setAnswers(next);
                }}
                className="mt-1 size-4 accent-primary"
              />
              <span className="font-semibold uppercase">{option.letter}.</span>
              <Formatted dir="auto" text={option.text} html={option.html} />
            </label>
          ))}
        </fieldset>
        <div className="flex items-center justify-between gap-3">
          <Button
            variant="outline"
            onClick={() => setIndex((i) => i - 1)}
            disabled={index === 0 || stage === "submitting"}
          >
            <ChevronLeftIcon aria-hidden />
            {t("previous")}
          </Button>
          {last ? (
            <Button onClick={() => void finish()} disabled={!chosen || stage === "submitting"}>
              {t("finish")}
            </Button>
          ) : (
            <Button onClick={() => setIndex((i) => i + 1)} disabled={!chosen}>
              {t("next")}
              <ChevronRightIcon aria-hidden />
            </Button>
          )}
        </div>
      </main>
    );
  }

  if (!outcome) return null;
  return (
    <main id="main" className="mx-auto w-full max-w-2xl space-y-6 px-4 py-10">
      {backLink}
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
        {t("resultsTitle")}
      </h1>
      <div className="flex flex-col items-center gap-3 text-center">
        <ResultRing percent={outcome.percent} label={t("scoreLabel", { percent: outcome.percent })} />
        <p className="text-lg font-medium" data-testid="quiz-score">
          {t("score", { score: outcome.score, total: outcome.results.length })}
        </p>
        <p
          role="status"
          className={cn(
            "font-semibold",
            outcome.passed ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400",
          )}
          data-testid="quiz-verdict"
        >
          {!outcome.counted ? t("late") : outcome.passed ? t("passed") : t("failed")}
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        {!outcome.passed && outcome.score < outcome.results.length ? (
          <Button onClick={() => void review()} disabled={reviewing} data-testid="quiz-review">
            <BookOpenIcon aria-hidden />
            {reviewing ? tr("preparing") : tr("reviewButton")}
          </Button>
        ) : null}
        <Button
          variant={!outcome.passed && outcome.score < outcome.results.length ? "outline" : "default"}
          onClick={() => start(false)}
          data-testid="quiz-retake"
        >
          <RotateCcwIcon aria-hidden />
          {t("retake")}
        </Button>
        <Button variant="outline" onClick={() => start(true)} data-testid="quiz-renew">
          <SparklesIcon aria-hidden />
          {t("newQuestions")}
        </Button>
      </div>
      {noFresh !== null ? <NoFreshQuestions message={noFresh} onRegular={() => void start(false)} /> : null}
      <ol className="space-y-5">
        {questions.map((question, q) => {
          const result = outcome.results[q];
          return (
            <li key={q} className="space-y-3 rounded-lg border p-4" data-testid="quiz-result">
              <h2 className="font-semibold" dir="auto">
                {q + 1}. <Formatted text={question.question} html={question.html} />
              </h2>
              <ul className="space-y-2">
                {question.options.map((option) => {
                  const right = option.letter === result.correct;
                  const wrongPick = option.letter === result.chosen && !right;
                  return (
                    <li
                      key={option.letter}
                      data-letter={option.letter}
                      data-state={right ? "correct" : wrongPick ? "wrong" : "other"}
                      className={cn(
                        "flex items-start gap-2 rounded-md border px-3 py-2 text-sm",
                        right &&
                          "border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
                        wrongPick && "border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50",
                      )}
                    >
                      {right ? (
                        <CheckCircle2Icon className="mt-0.5 size-4 shrink-0" role="img" aria-label={t("correct")} />
                      ) : wrongPick ? (
                        <XCircleIcon className="mt-0.5 size-4 shrink-0" role="img" aria-label={t("wrong")} />
                      ) : (
                        <span className="size-4 shrink-0" />
                      )}
                      <span className="font-semibold uppercase">{option.letter}.</span>
                      <Formatted dir="auto" text={option.text} html={option.html} />
                      {option.letter === result.chosen ? (
                        <span className="ml-auto text-xs font-medium">{t("yourAnswer")}</span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
              {!result.chosen ? <p className="text-sm text-muted-foreground">{t("unanswered")}</p> : null}
              {/* The label is the UI's and the explanation the course's: each keeps its own direction. */}
              <div className="space-y-0.5 text-sm">
                <p className="font-medium">{t("explanation")}</p>
                <p dir="auto" data-testid="quiz-explanation">
                  <Formatted text={result.explanation} html={result.explanationHtml} />
                </p>
              </div>
              {result.citation ? (
                <p className="text-xs text-muted-foreground" data-testid="quiz-citation">
                  <span className="font-medium">{t("source")}</span>{" "}
                  <span dir="auto">{result.citation.sourceTitle}</span>,{" "}
                  {result.citation.pageFrom === result.citation.pageTo
                    ? t("sourcePage", { page: result.citation.pageFrom })
                    : t("sourcePages", { from: result.citation.pageFrom, to: result.citation.pageTo })}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </main>
  );
}

/**
 * A question, an option or an explanation as the server formatted it (formulas as KaTeX's HTML,
 * sanitized: src/features/quiz/service.ts), or its text when the server sent none.
 */
function Formatted({ text, html, dir }: { text: string; html?: string; dir?: "auto" }) {
  if (html === undefined) return <span dir={dir}>{text}</span>;
  return <span dir={dir} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The newest and the best counted attempt, before a start: what the learner is up against. */
function QuizMarks({ marks }: { marks: Marks }) {
  const t = useTranslations("quiz");
  if (!marks.last) return null;
  const value = (mark: AttemptMark) =>
    t("markValue", { score: mark.score, total: mark.total, percent: markPercent(mark) });
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border p-4 text-sm" data-testid="quiz-marks">
      <dt className="text-muted-foreground">{t("lastMark")}</dt>
      <dd className="font-medium tabular-nums" data-testid="quiz-last-mark">
        {value(marks.last)}
      </dd>
      {marks.best ? (
        <>
          <dt className="text-muted-foreground">{t("bestMark")}</dt>
          <dd className="font-medium tabular-nums" data-testid="quiz-best-mark">
            {value(marks.best)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** No new questions could be written for a retest: said plainly, with the regular quiz to take instead. */
function NoFreshQuestions({ message, onRegular, busy }: { message: string; onRegular: () => void; busy?: boolean }) {
  const t = useTranslations("remediation");
  return (
    <div role="alert" className="space-y-3 rounded-lg border p-4" data-testid="quiz-no-fresh">
      <p>{message || t("noFreshQuestions")}</p>
      <Button onClick={onRegular} disabled={busy} data-testid="quiz-regular">
        <RotateCcwIcon aria-hidden />
        {t("regularQuiz")}
      </Button>
    </div>
  );
}
