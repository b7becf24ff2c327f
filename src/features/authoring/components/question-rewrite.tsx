"use client";

import { SparklesIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { postJson } from "@/lib/http/post-json";
import { wordDiff } from "@/lib/word-diff";
import { WordDiffView } from "@/components/word-diff-view";

type Question = { question: string; options: string[]; answer: string; explanation: string };
type State =
  | { kind: "closed" }
  | { kind: "open" }
  | { kind: "writing" }
  | { kind: "ready"; draft: Question }
  | { kind: "failed"; message: string };

const asText = (q: Question) =>
  [q.question, ...q.options.map((o, i) => `${"abcdef"[i] === q.answer ? "✓" : "–"} ${o}`), q.explanation].join("\n");

/**
 * One question written again as its author instructs: the draft is shown as a word diff against
 * the question as it is in the editor (text, options with the right one ticked, explanation), and
 * accepting it puts it in the editor, to be saved with the quiz.
 */
export function QuestionRewrite({
  courseId,
  number,
  question,
  onAccept,
}: {
  courseId: string;
  number: number;
  question: Question;
  onAccept: (draft: Question) => void;
}) {
  const t = useTranslations("authoring");
  const [instruction, setInstruction] = React.useState("");
  const [state, setState] = React.useState<State>({ kind: "closed" });
  const id = React.useId();

  if (state.kind === "closed")
    return (
      <Button type="button" variant="outline" size="sm" onClick={() => setState({ kind: "open" })}>
        <SparklesIcon aria-hidden />
        {t("rewriteQuestion", { n: number })}
      </Button>
    );

  const run = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!instruction.trim()) return;
    setState({ kind: "writing" });
    try {
      const response = await postJson(`/api/courses/${courseId}/quiz/rewrite`, {
        instruction,
        question: {
          question: question.question.trim(),
          options: question.options.map((o) => o.trim()),
          answer: question.answer,
          explanation: question.explanation.trim(),
        },
      });
      const data = (await response.json().catch(() => null)) as { question?: Question; message?: string } | null;
      if (!response.ok || !data?.question) throw new Error(data?.message ?? t("rewriteFailed"));
      setState({ kind: "ready", draft: data.question });
    } catch (error) {
      setState({ kind: "failed", message: error instanceof Error ? error.message : t("rewriteFailed") });
    }
  };

  return (
    <div className="w-full space-y-2 rounded-md border border-dashed p-3">
      <form onSubmit={(event) => void run(event)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1">
          <Label htmlFor={`${id}-instruction`}>{t("questionInstruction", { n: number })}</Label>
          <Input
            id={`${id}-instruction`}
            value={instruction}
            maxLength={500}
            placeholder={t("questionInstructionPlaceholder")}
            onChange={(event) => setInstruction(event.target.value)}
            disabled={state.kind === "writing"}
          />
        </div>
        <Button type="submit" disabled={!instruction.trim() || state.kind === "writing"}>
          <SparklesIcon aria-hidden />
          {state.kind === "writing" ? t("rewriting") : t("rewrite")}
        </Button>
      </form>
      {state.kind === "failed" ? (
        <p role="alert" className="text-sm text-destructive">
          {state.message}
        </p>
      ) : null}
      {state.kind === "ready" ? (
        <div className="space-y-2" data-testid="question-draft">
          <p role="status" className="text-sm text-muted-foreground">
            {t("rewriteReady")}
          </p>
          <WordDiffView
            parts={wordDiff(asText(question), asText(state.draft))}
            labels={{ added: t("added"), removed: t("removed") }}
            className="rounded bg-muted/40 p-2"
          />
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              onClick={() => {
                onAccept(state.draft);
                setState({ kind: "closed" });
                setInstruction("");
              }}
            >
              {t("acceptQuestion")}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setState({ kind: "open" })}>
              {t("discard")}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
