"use client";

import { SparklesIcon, SquareIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { wordDiff } from "@/lib/word-diff";
import { WordDiffView } from "@/components/word-diff-view";
import { streamLessonRewrite } from "./rewrite-stream";

type State =
  | { kind: "idle" }
  | { kind: "writing"; draft: string }
  | { kind: "ready"; draft: string }
  | { kind: "failed"; message: string };

const SUGGESTIONS = ["simpler", "examples", "shorter"] as const;

/**
 * "Rewrite with AI": the author's instruction and the saved text go to the model; its draft
 * streams in beside the text, then shows as a word diff against it. Accepting puts the draft in
 * the editor, to be read and saved like any edit; discarding leaves everything as it was. It
 * rewrites the saved text, so it waits while the editor holds unsaved changes.
 */
export function RewritePanel({
  lessonId,
  current,
  unsaved,
  onAccept,
}: {
  lessonId: string;
  /** The saved text the draft is compared with. */
  current: string;
  unsaved: boolean;
  onAccept: (markdown: string) => void;
}) {
  const t = useTranslations("authoring");
  const [instruction, setInstruction] = React.useState("");
  const [state, setState] = React.useState<State>({ kind: "idle" });
  const stop = React.useRef<AbortController | null>(null);

  React.useEffect(() => () => stop.current?.abort(), []);

  const run = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!instruction.trim() || unsaved) return;
    const controller = new AbortController();
    stop.current = controller;
    setState({ kind: "writing", draft: "" });
    try {
      const draft = await streamLessonRewrite(lessonId, instruction, {
        signal: controller.signal,
        onDraft: (text) => setState({ kind: "writing", draft: text }),
        failed: t("rewriteFailed"),
      });
      setState({ kind: "ready", draft });
    } catch (error) {
      if (controller.signal.aborted) return setState({ kind: "idle" });
      setState({ kind: "failed", message: error instanceof Error ? error.message : t("rewriteFailed") });
    } finally {
      if (stop.current === controller) stop.current = null;
    }
  };

  const writing = state.kind === "writing";
  return (
    <section aria-labelledby="rewrite-title" className="space-y-3 rounded-lg border p-4">
      <h2 id="rewrite-title" className="flex items-center gap-2 text-lg font-semibold">
        <SparklesIcon className="size-5" aria-hidden />
        {t("rewriteTitle")}
      </h2>
      <form onSubmit={(event) => void run(event)} className="space-y-2">
        <Label htmlFor="rewrite-instruction">{t("instruction")}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="rewrite-instruction"
            value={instruction}
            maxLength={500}
            placeholder={t("instructionPlaceholder")}
            onChange={(event) => setInstruction(event.target.value)}
            disabled={writing}
          />
          {writing ? (
            <Button type="button" variant="outline" onClick={() => stop.current?.abort()}>
              <SquareIcon aria-hidden />
              {t("stop")}
            </Button>
          ) : (
            <Button type="submit" disabled={!instruction.trim() || unsaved}>
              <SparklesIcon aria-hidden />
              {t("rewrite")}
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
              disabled={writing}
              onClick={() => setInstruction(t(`suggestion.${key}`))}
            >
              {t(`suggestion.${key}`)}
            </Button>
          ))}
        </div>
        {unsaved ? <p className="text-sm text-muted-foreground">{t("rewriteSaveFirst")}</p> : null}
      </form>

      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {writing ? t("rewriting") : state.kind === "ready" ? t("rewriteReady") : ""}
      </p>
      {state.kind === "failed" ? (
        <p role="alert" className="text-sm text-destructive">
          {state.message}
        </p>
      ) : null}
      {writing ? (
        <div
          data-testid="rewrite-draft"
          role="region"
          aria-label={t("draft")}
          tabIndex={0}
          className="max-h-96 overflow-auto rounded bg-muted/40 p-2 font-mono text-sm leading-6 whitespace-pre-wrap"
        >
          {state.draft}
        </div>
      ) : null}
      {state.kind === "ready" ? (
        <div className="space-y-2" data-testid="rewrite-result">
          <WordDiffView
            parts={wordDiff(current, state.draft)}
            labels={{ added: t("added"), removed: t("removed") }}
            region={t("draftChanges")}
            className="max-h-96 overflow-auto rounded bg-muted/40 p-2"
          />
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              onClick={() => {
                onAccept(state.draft);
                setState({ kind: "idle" });
              }}
            >
              {t("accept")}
            </Button>
            <Button type="button" variant="outline" onClick={() => setState({ kind: "idle" })}>
              {t("discard")}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
