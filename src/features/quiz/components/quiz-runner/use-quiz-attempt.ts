import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { paths } from "@/lib/paths";
import { SECONDS_PER_QUESTION, type AttemptMark, type PublicQuestion } from "../../grading";
import { requestRemediation, startAttempt, submitAnswers, type Outcome } from "./quiz-api";
import { useCountdown } from "./use-countdown";

/** SPEC 9: a skeleton for 1.5 s before the intro. */
const SKELETON_MS = 1500;

type Stage = "skeleton" | "intro" | "loading" | "questions" | "submitting" | "results";
/** The learner's newest and best counted attempts, as the quiz page shows them before a start. */
export type Marks = { last: AttemptMark | null; best: AttemptMark | null };

/**
 * The quiz's state from the skeleton to the results: the stage shown, the questions and the
 * answers chosen, the clock, the outcome and the marks, and what moves them on (start, choose,
 * previous, next, finish, review what was missed).
 */
export function useQuizAttempt(course: { id: string; marks?: Marks }) {
  const tr = useTranslations("remediation");
  const [reviewing, setReviewing] = React.useState(false);
  const tc = useTranslations("common");
  const router = useRouter();
  const [stage, setStage] = React.useState<Stage>("skeleton");
  const [questions, setQuestions] = React.useState<PublicQuestion[]>([]);
  const [answers, setAnswers] = React.useState<string[]>([]);
  const [index, setIndex] = React.useState(0);
  const [outcome, setOutcome] = React.useState<Outcome | null>(null);
  const [marks, setMarks] = React.useState<Marks>(course.marks ?? { last: null, best: null });
  // New questions were asked for and none could be written: the server's words, and the regular quiz.
  const [noFresh, setNoFresh] = React.useState<string | null>(null);
  // The attempt the questions on screen belong to: its answers are graded in its own order.
  const attemptRef = React.useRef<string | undefined>(undefined);
  // The timer sends what is chosen so far; a ref, so the clock's callback sees the latest.
  const answersRef = React.useRef<string[]>([]);

  React.useEffect(() => {
    const timer = setTimeout(() => setStage("intro"), SKELETON_MS);
    return () => clearTimeout(timer);
  }, []);

  const failed = React.useCallback(() => notify.error(tc("errorTitle"), tc("internalError")), [tc]);

  const finish = React.useCallback(async () => {
    setStage("submitting");
    try {
      const submitted = await submitAnswers(course.id, answersRef.current, attemptRef.current);
      if (submitted.closed) {
        // The attempt was graded or replaced (another tab): it cannot be sent again, only started anew.
        notify.error(tc("errorTitle"), submitted.message ?? tc("internalError"));
        setOutcome(null);
        setStage("intro");
        return;
      }
      const data = submitted.outcome;
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

  const { secondsLeft, startClock } = useCountdown(stage === "questions", finish);

  const start = async (renew: boolean) => {
    setStage("loading");
    setNoFresh(null);
    try {
      const started = await startAttempt(course.id, renew);
      if ("noFresh" in started) {
        setNoFresh(started.noFresh);
        setStage(outcome ? "results" : "intro");
        return;
      }
      const list = started.questions;
      attemptRef.current = started.attemptId;
      setQuestions(list);
      setAnswers(list.map(() => ""));
      answersRef.current = list.map(() => "");
      setIndex(0);
      setOutcome(null);
      startClock(list.length * SECONDS_PER_QUESTION);
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
      const asked = await requestRemediation(course.id);
      if (!("lessonId" in asked)) {
        notify.error(tc("errorTitle"), asked.message ?? tr("failed"));
        setReviewing(false);
        return;
      }
      router.push(paths.course(course.id, { lesson: asked.lessonId }));
    } catch {
      notify.error(tc("errorTitle"), tr("failed"));
      setReviewing(false);
    }
  };

  /** The current question's answer: the ref too, so the clock sends it if time runs out. */
  const choose = (letter: string) => {
    const next = answers.map((a, i) => (i === index ? letter : a));
    answersRef.current = next;
    setAnswers(next);
  };

  return {
    stage,
    questions,
    answers,
    index,
    secondsLeft,
    outcome,
    marks,
    noFresh,
    reviewing,
    start,
    choose,
    previous: () => setIndex((i) => i - 1),
    next: () => setIndex((i) => i + 1),
    finish,
    review,
  };
}
