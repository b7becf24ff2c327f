"use client";

import { CheckIcon, SaveIcon, SparklesIcon, SquareIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { WordDiffView } from "@/components/word-diff-view";
import type { CourseTextAttributes } from "@/lib/course-languages";
import { wordDiff } from "@/lib/word-diff";
import { streamLessonRewrite } from "./rewrite-stream";

type Lesson = { id: string; title: string; markdown: string; version: number };

/** Where one lesson's rewrite stands. */
type LessonState =
  | { kind: "waiting" }
  | { kind: "writing"; chars: number }
  | { kind: "ready"; draft: string }
  | { kind: "saving"; draft: string }
  | { kind: "saved" }
  | { kind: "discarded" }
  | { kind: "failed"; message: string; draft?: string };

const SUGGESTIONS = ["simpler", "examples", "shorter"] as const;

/**
 * "Rewrite this topic with AI": one instruction for every written lesson of the topic, rewritten
 * one after another (each a call of the lesson rewrite, on the author's AI limit). Each draft
 * shows as a word diff against the lesson's text; the author saves it (a revision like any save,
 * version-checked) or discards it, lesson by lesson or all at once. Stop ends the run; the drafts
 * written so far stay.
 */
export function TopicRewrite({ lessons, text }: { lessons: Lesson[]; text: CourseTextAttributes }) {
  const t = useTranslations("authoring");
  const tt = useTranslations("authoring.topicRewrite");
  const [instruction, setInstruction] = React.useState("");
  const [states, setStates] = React.useState<Record<string, LessonState>>({});
  const [current, setCurrent] = React.useState<number | null>(null);
  const stop = React.useRef<AbortController | null>(null);
  React.useEffect(() => () => stop.current?.abort(), []);

  const setState = (id: string, state: LessonState) => setStates((all) => ({ ...all, [id]: state }));
  const running = current !== null;

  const run = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!instruction.trim() || running) return;
    const controller = new AbortController();
    stop.current = controller;
    setStates(Object.fromEntries(lessons.map((l) => [l.id, { kind: "waiting" } as LessonState])));
    for (const [i, lesson] of lessons.entries()) {
      if (controller.signal.aborted) break;
      setCurrent(i);
      setState(lesson.id, { kind: "writing", chars: 0 });
      try {
        const draft = await streamLessonRewrite(lesson.id, instruction, {
          signal: controller.signal,
          onDraft: (text) => setState(lesson.id, { kind: "writing", chars: text.length }),
          failed: t("rewriteFailed"),
        });
        setState(lesson.id, { kind: "ready", draft });
      } catch (error) {
        if (controller.signal.aborted) {
          setState(lesson.id, { kind: "discarded" });
          break;
        }
        setState(lesson.id, { kind: "failed", message: error instanceof Error ? error.message : t("rewriteFailed") });
      }
    }
    // Lessons the run did not reach are left as they were.
    setStates((all) => Object.fromEntries(Object.entries(all).filter(([, state]) => state.kind !== "waiting")));
    if (stop.current === controller) stop.current = null;
    setCurrent(null);
  };

  const save = async (lesson: Lesson, draft: string) => {
    setState(lesson.id, { kind: "saving", draft });
    try {
      const response = await fetch(`/api/lessons/${lesson.id}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ version: lesson.version, markdown: draft }),
      });
      const data = (await response.json().catch(() => null)) as { message?: string } | null;
      if (!response.ok) throw new Error(data?.message ?? t("saveFailed"));
      setState(lesson.id, { kind: "saved" });
    } catch (error) {
      setState(lesson.id, { kind: "failed", draft, message: error instanceof Error ? error.message : t("saveFailed") });
    }
  };

  const ready = lessons.filter((l) => states[l.id]?.kind === "ready");
  const saveAll = async () => {
    for (const lesson of ready) {
      const state = states[lesson.id];
      if (state?.kind === "ready") await save(lesson, state.draft);
    }
  };

  return (
    <div className="space-y-6">
      <form onSubmit={(event) => void run(event)} className="space-y-2 rounded-lg border p-4">
        <Label htmlFor="topic-instruction">{tt("instruction")}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="topic-instruction"
            value={instruction}
            maxLength={500}
            placeholder={t("instructionPlaceholder")}
            onChange={(event) => setInstruction(event.target.value)}
            disabled={running}
          />
          {running ? (
            <Button type="button" variant="outline" onClick={() => stop.current?.abort()}>
              <SquareIcon aria-hidden />
              {t("stop")}
            </Button>
          ) : (
            <Button type="submit" disabled={!instruction.trim()}>
              <SparklesIcon aria-hidden />
              {tt("run", { count: lessons.length })}
            </Button>
          )}
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label={t("suggestions")}>
          {SUGGESTIONS.map((key) => (
            <Button
              key={key}
              type="button"
              variant="secondary"
              size="sm"
              disabled={running}
              onClick={() => setInstruction(t(`suggestion.${key}`))}
            >
              {t(`suggestion.${key}`)}
            </Button>
          ))}
        </div>
      </form>

      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {running
          ? tt("progress", { n: (current ?? 0) + 1, count: lessons.length })
          : ready.length > 0
            ? tt("ready")
            : ""}
      </p>
      {ready.length > 1 && !running ? (
        <Button type="button" onClick={() => void saveAll()}>
          <SaveIcon aria-hidden />
          {tt("saveAll", { count: ready.length })}
        </Button>
      ) : null}

      <ol className="space-y-4">
        {lessons.map((lesson) => {
          const state = states[lesson.id];
          const draft = state && "draft" in state ? state.draft : undefined;
          return (
            <li key={lesson.id} className="space-y-3 rounded-lg border p-4" data-testid="topic-rewrite-lesson">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 {...text} className="font-medium">
                  {lesson.title}
                </h2>
                <span className="text-sm text-muted-foreground">
                  {!state
                    ? ""
                    : state.kind === "waiting"
                      ? tt("waiting")
                      : state.kind === "writing"
                        ? t("rewriting")
                        : state.kind === "saved"
                          ? tt("saved")
                          : state.kind === "discarded"
                            ? tt("discarded")
                            : ""}
                </span>
              </div>
              {state?.kind === "failed" ? (
                <p role="alert" className="text-sm text-destructive">
                  {state.message}
                </p>
              ) : null}
              {draft !== undefined ? (
                <>
                  <div {...text}>
                    <WordDiffView
                      parts={wordDiff(lesson.markdown, draft)}
                      labels={{ added: t("added"), removed: t("removed") }}
                      region={tt("changesOf", { title: lesson.title })}
                      className="max-h-72 overflow-auto rounded bg-muted/40 p-2"
                    />
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      type="button"
                      size="sm"
                      disabled={state?.kind === "saving"}
                      onClick={() => void save(lesson, draft)}
                    >
                      <CheckIcon aria-hidden />
                      {tt("save", { title: lesson.title })}
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={state?.kind === "saving"}
                      onClick={() => setState(lesson.id, { kind: "discarded" })}
                    >
                      <XIcon aria-hidden />
                      {tt("discard", { title: lesson.title })}
                    </Button>
                  </div>
                </>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
