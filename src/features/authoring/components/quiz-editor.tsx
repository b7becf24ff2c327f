"use client";

import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { EditorBar, useLeaveWarning, type SaveState } from "./editor-bar";
import { QuestionRewrite } from "./question-rewrite";

type Question = { id?: string; question: string; options: string[]; answer: string; explanation: string };
type Draft = Question & { key: string };
type Conflict = { version: number; questions: Question[]; message: string };

const LETTERS = "abcdef";
const MAX_OPTIONS = 6;
const MAX_QUESTIONS = 20;

let keys = 0;
const withKey = (q: Question): Draft => ({ ...q, key: `k${++keys}` });
const withoutKeys = (drafts: Draft[]): Question[] => drafts.map(({ key: _key, ...q }) => q);

/**
 * The course's quiz as its author edits it: each question's text, options, right answer and
 * explanation; questions added, removed and moved (buttons, so the keyboard does it too). The
 * save names the version it started from; when another save came first, the author's questions
 * stay on screen and they choose to load the stored ones or save theirs over them.
 */
export function QuizEditor({
  courseId,
  initial,
  quizHref,
}: {
  courseId: string;
  initial: { version: number; questions: Question[] };
  quizHref: string;
}) {
  const t = useTranslations("authoring");
  const [questions, setQuestions] = React.useState<Draft[]>(() => initial.questions.map(withKey));
  const [saved, setSaved] = React.useState(() => JSON.stringify(initial.questions));
  const [version, setVersion] = React.useState(initial.version);
  const [state, setState] = React.useState<SaveState>({ kind: "idle" });
  const [conflict, setConflict] = React.useState<Conflict | null>(null);
  const unsaved = JSON.stringify(withoutKeys(questions)) !== saved;

  useLeaveWarning(unsaved);

  const change = (index: number, patch: Partial<Question>) => {
    setQuestions((all) => all.map((q, i) => (i === index ? { ...q, ...patch } : q)));
    setState({ kind: "idle" });
  };
  const move = (index: number, by: -1 | 1) =>
    setQuestions((all) => {
      const next = [...all];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    });

  /** What the server would refuse, said per question before anything is sent. */
  const problem = (): string | null => {
    if (questions.length === 0) return t("quizNeedsQuestion");
    for (const [i, q] of questions.entries()) {
      const texts = q.options.map((o) => o.trim().toLowerCase());
      if (q.question.trim().length < 3 || q.explanation.trim().length < 3 || texts.some((o) => !o))
        return t("quizIncomplete", { n: i + 1 });
      if (new Set(texts).size !== texts.length) return t("quizSameOptions", { n: i + 1 });
    }
    return null;
  };

  const save = async (baseVersion = version) => {
    const wrong = problem();
    if (wrong) return setState({ kind: "failed", message: wrong });
    setState({ kind: "saving" });
    const sent = withoutKeys(questions).map((q) => ({
      ...q,
      question: q.question.trim(),
      options: q.options.map((o) => o.trim()),
      explanation: q.explanation.trim(),
    }));
    try {
      const response = await fetch(`/api/courses/${courseId}/quiz`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ version: baseVersion, questions: sent }),
      });
      const data = (await response.json().catch(() => null)) as {
        version?: number;
        message?: string;
        current?: { version: number; questions: Question[] };
      } | null;
      if (response.status === 409 && data?.current) {
        setConflict({ ...data.current, message: data.message ?? t("conflict") });
        return setState({ kind: "idle" });
      }
      if (!response.ok || typeof data?.version !== "number") throw new Error(data?.message ?? t("saveFailed"));
      // The server gave new questions their ids: read them back, so the next save keeps them.
      const fresh = await fetch(`/api/courses/${courseId}/quiz`).then((r) => r.json() as Promise<typeof initial>);
      setQuestions(fresh.questions.map(withKey));
      setSaved(JSON.stringify(fresh.questions));
      setVersion(fresh.version);
      setConflict(null);
      setState({ kind: "saved" });
    } catch (error) {
      setState({ kind: "failed", message: error instanceof Error ? error.message : t("saveFailed") });
    }
  };

  const loadTheirs = () => {
    if (!conflict) return;
    setQuestions(conflict.questions.map(withKey));
    setSaved(JSON.stringify(conflict.questions));
    setVersion(conflict.version);
    setConflict(null);
  };

  return (
    <div className="space-y-6">
      <EditorBar
        backHref={quizHref}
        backLabel={t("backToQuiz")}
        state={state}
        unsaved={unsaved}
        savedText={t("quizSaved")}
        canSave={!conflict}
        onSave={() => void save()}
      />
      {conflict ? (
        <section
          role="alert"
          aria-labelledby="quiz-conflict"
          className="space-y-3 rounded-lg border border-amber-500 p-4"
        >
          <h2 id="quiz-conflict" className="font-semibold">
            {t("quizConflictTitle")}
          </h2>
          <p className="text-sm">{conflict.message}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => void save(conflict.version)}>
              {t("quizKeepMine")}
            </Button>
            <Button type="button" variant="outline" onClick={loadTheirs}>
              {t("quizLoadTheirs")}
            </Button>
          </div>
        </section>
      ) : null}

      <ol className="space-y-4" data-testid="quiz-questions">
        {questions.map((q, index) => (
          <li key={q.key}>
            <fieldset className="space-y-3 rounded-lg border p-4">
              <legend className="px-1 text-sm font-semibold">{t("questionN", { n: index + 1 })}</legend>
              <div className="space-y-1">
                <Label htmlFor={`${q.key}-question`}>{t("questionText")}</Label>
                <textarea
                  id={`${q.key}-question`}
                  value={q.question}
                  maxLength={500}
                  onChange={(event) => change(index, { question: event.target.value })}
                  className="min-h-16 w-full rounded-md border bg-background p-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                />
              </div>
              <div role="radiogroup" aria-label={t("rightAnswerOf", { n: index + 1 })} className="space-y-2">
                {q.options.map((option, o) => (
                  <div key={o} className="flex items-center gap-2">
                    <input
                      type="radio"
                      id={`${q.key}-right-${o}`}
                      name={`${q.key}-right`}
                      checked={q.answer === LETTERS[o]}
                      onChange={() => change(index, { answer: LETTERS[o] })}
                      className="size-4 accent-primary"
                    />
                    <Label htmlFor={`${q.key}-right-${o}`} className="sr-only">
                      {t("rightAnswerIs", { letter: LETTERS[o].toUpperCase() })}
                    </Label>
                    <Input
                      aria-label={t("optionN", { letter: LETTERS[o].toUpperCase() })}
                      value={option}
                      maxLength={300}
                      onChange={(event) =>
                        change(index, { options: q.options.map((v, j) => (j === o ? event.target.value : v)) })
                      }
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t("removeOption", { letter: LETTERS[o].toUpperCase() })}
                      disabled={q.options.length <= 2}
                      onClick={() => {
                        const options = q.options.filter((_, j) => j !== o);
                        const right = LETTERS.indexOf(q.answer);
                        const answer = right === o ? "a" : right > o ? LETTERS[right - 1] : q.answer;
                        change(index, { options, answer });
                      }}
                    >
                      <Trash2Icon aria-hidden />
                    </Button>
                  </div>
                ))}
                {q.options.length < MAX_OPTIONS ? (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => change(index, { options: [...q.options, ""] })}
                  >
                    <PlusIcon aria-hidden />
                    {t("addOption")}
                  </Button>
                ) : null}
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${q.key}-explanation`}>{t("explanation")}</Label>
                <textarea
                  id={`${q.key}-explanation`}
                  value={q.explanation}
                  maxLength={500}
                  onChange={(event) => change(index, { explanation: event.target.value })}
                  className="min-h-16 w-full rounded-md border bg-background p-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                />
              </div>
              <QuestionRewrite
                courseId={courseId}
                number={index + 1}
                question={q}
                onAccept={(draft) => change(index, draft)}
              />
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUpIcon aria-hidden />
                  {t("moveUp", { n: index + 1 })}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={index === questions.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDownIcon aria-hidden />
                  {t("moveDown", { n: index + 1 })}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => setQuestions((all) => all.filter((_, i) => i !== index))}
                >
                  <Trash2Icon aria-hidden />
                  {t("removeQuestion", { n: index + 1 })}
                </Button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {questions.length < MAX_QUESTIONS ? (
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            setQuestions((all) => [
              ...all,
              withKey({ question: "", options: ["", "", "", ""], answer: "a", explanation: "" }),
            ])
          }
        >
          <PlusIcon aria-hidden />
          {t("addQuestion")}
        </Button>
      ) : null}
    </div>
  );
}
