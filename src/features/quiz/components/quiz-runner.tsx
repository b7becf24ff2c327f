"use client";

import * as React from "react";
import { QuestionStage } from "./quiz-runner/question-stage";
import { QuizIntro } from "./quiz-runner/quiz-intro";
import { QuizResults } from "./quiz-runner/quiz-results";
import { QuizSkeleton } from "./quiz-runner/quiz-skeleton";
import { useQuizAttempt, type Marks } from "./quiz-runner/use-quiz-attempt";

/**
 * The quiz: skeleton, intro, one question at a time against the clock, then the results. The
 * state and the calls to the server are useQuizAttempt's; each stage is its own view.
 */
export function QuizRunner({
  course,
  retest = false,
}: {
  course: { id: string; mainTopic: string; quizPassed: boolean; marks?: Marks };
  /** After a review lesson: the intro offers new questions, none asked before (decision 025). */
  retest?: boolean;
}) {
  const quiz = useQuizAttempt(course);
  const { stage, index } = quiz;
  const headingRef = React.useRef<HTMLHeadingElement>(null);

  // Each new view and each new question puts the focus on its heading: keyboard and screen reader
  // users go on from the new content.
  React.useEffect(() => {
    if (stage === "questions" || stage === "results" || stage === "intro") headingRef.current?.focus();
  }, [stage, index]);

  if (stage === "skeleton") return <QuizSkeleton />;

  if (stage === "intro" || stage === "loading") {
    return (
      <QuizIntro
        course={course}
        retest={retest}
        marks={quiz.marks}
        noFresh={quiz.noFresh}
        loading={stage === "loading"}
        onStart={quiz.start}
        headingRef={headingRef}
      />
    );
  }

  if ((stage === "questions" || stage === "submitting") && quiz.questions.length > 0) {
    return (
      <QuestionStage
        courseId={course.id}
        questions={quiz.questions}
        answers={quiz.answers}
        index={index}
        secondsLeft={quiz.secondsLeft}
        submitting={stage === "submitting"}
        onChoose={quiz.choose}
        onPrevious={quiz.previous}
        onNext={quiz.next}
        onFinish={quiz.finish}
        headingRef={headingRef}
      />
    );
  }

  if (!quiz.outcome) return null;
  return (
    <QuizResults
      courseId={course.id}
      questions={quiz.questions}
      outcome={quiz.outcome}
      noFresh={quiz.noFresh}
      reviewing={quiz.reviewing}
      onReview={quiz.review}
      onStart={quiz.start}
      headingRef={headingRef}
    />
  );
}
