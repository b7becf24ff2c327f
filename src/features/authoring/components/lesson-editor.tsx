"use client";

import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { LESSON_PROSE } from "@/features/learning/client";
import type { CourseTextAttributes } from "@/lib/course-languages";
import { postJson } from "@/lib/http/post-json";
import { wordDiff } from "@/lib/word-diff";
import { MediaPanel, type LessonMediaView } from "./media-panel";
import { EditorBar, useLeaveWarning, type SaveState } from "./editor-bar";
import { RevisionHistory } from "./revision-history";
import { RewritePanel } from "./rewrite-panel";
import { WordDiffView } from "@/components/word-diff-view";

type Props = {
  lesson: { id: string; title: string; markdown: string; version: number };
  /** The stored HTML of that text: the preview before the first keystroke. */
  html: string;
  courseHref: string;
  /** The course's language and direction, for the text and its preview. */
  text: CourseTextAttributes;
  media: LessonMediaView;
};

type Conflict = { version: number; markdown: string; message: string };

const PREVIEW_DELAY_MS = 400;

/**
 * A lesson's text as Markdown beside its preview, rendered by the server exactly as it will be
 * stored (formulas, code, sanitizing). A save names the version it started from: when another
 * author saved first, both texts stay on screen with what differs, and the author chooses. Text
 * not yet saved is never dropped by a restore, and leaving the page asks first.
 */
export function LessonEditor({ lesson, html, courseHref, text: textDir, media: initialMedia }: Props) {
  const t = useTranslations("authoring");
  const [media, setMedia] = React.useState(initialMedia);
  /** Raised by each restore: the media panel starts again from the restored picture and video. */
  const [restores, setRestores] = React.useState(0);
  const [text, setText] = React.useState(lesson.markdown);
  const [savedText, setSavedText] = React.useState(lesson.markdown);
  const [version, setVersion] = React.useState(lesson.version);
  const [state, setState] = React.useState<SaveState>({ kind: "idle" });
  const [conflict, setConflict] = React.useState<Conflict | null>(null);
  const [preview, setPreview] = React.useState(html);
  const [previewFailed, setPreviewFailed] = React.useState("");
  const [historyKey, setHistoryKey] = React.useState(0);
  /** The text the preview shows. */
  const previewed = React.useRef(lesson.markdown);
  const unsaved = text !== savedText;

  useLeaveWarning(unsaved);

  // The preview follows the text a moment after typing stops; an older answer never replaces a newer one.
  React.useEffect(() => {
    if (text === previewed.current) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await postJson(
          `/api/lessons/${lesson.id}/preview`,
          { markdown: text },
          {
            signal: controller.signal,
          },
        );
        const data = (await response.json().catch(() => null)) as { html?: string; message?: string } | null;
        if (!response.ok || typeof data?.html !== "string") throw new Error(data?.message ?? t("previewFailed"));
        previewed.current = text;
        setPreview(data.html);
        setPreviewFailed("");
      } catch (error) {
        if (!controller.signal.aborted) setPreviewFailed(error instanceof Error ? error.message : t("previewFailed"));
      }
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, lesson.id, t]);

  const save = async (baseVersion = version) => {
    if (!text.trim()) return setState({ kind: "failed", message: t("empty") });
    setState({ kind: "saving" });
    const sent = text;
    try {
      const response = await fetch(`/api/lessons/${lesson.id}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ version: baseVersion, markdown: sent }),
      });
      const data = (await response.json().catch(() => null)) as {
        version?: number;
        message?: string;
        current?: { version: number; markdown: string };
      } | null;
      if (response.status === 409 && data?.current) {
        setConflict({ ...data.current, message: data.message ?? t("conflict") });
        return setState({ kind: "idle" });
      }
      if (!response.ok || typeof data?.version !== "number") throw new Error(data?.message ?? t("saveFailed"));
      setVersion(data.version);
      setSavedText(sent);
      setConflict(null);
      setState({ kind: "saved" });
      setHistoryKey((k) => k + 1);
    } catch (error) {
      setState({ kind: "failed", message: error instanceof Error ? error.message : t("saveFailed") });
    }
  };

  const takeTheirs = () => {
    if (!conflict) return;
    setText(conflict.markdown);
    setSavedText(conflict.markdown);
    setVersion(conflict.version);
    setConflict(null);
    setHistoryKey((k) => k + 1);
  };

  const reloadAfterRestore = async () => {
    const response = await fetch(`/api/lessons/${lesson.id}`);
    if (!response.ok) throw new Error(t("restoreFailed"));
    const data = (await response.json()) as { markdown: string; version: number; media: LessonMediaView };
    setText(data.markdown);
    setSavedText(data.markdown);
    setVersion(data.version);
    setMedia(data.media);
    setRestores((n) => n + 1);
    setHistoryKey((k) => k + 1);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
      event.preventDefault();
      if (state.kind !== "saving") void save();
    }
  };

  return (
    <div className="space-y-6" onKeyDown={onKeyDown}>
      <EditorBar
        backHref={courseHref}
        backLabel={t("backToCourse")}
        state={state}
        unsaved={unsaved}
        savedText={t("saved", { version })}
        canSave={!conflict}
        onSave={() => void save()}
      />

      {conflict ? (
        <section
          role="alert"
          aria-labelledby="conflict-title"
          className="space-y-3 rounded-lg border border-amber-500 p-4"
        >
          <h2 id="conflict-title" className="font-semibold">
            {t("conflictTitle")}
          </h2>
          <p className="text-sm">{conflict.message}</p>
          <p className="text-sm text-muted-foreground">{t("conflictDiff")}</p>
          <WordDiffView
            parts={wordDiff(conflict.markdown, text)}
            labels={{ added: t("added"), removed: t("removed") }}
            region={t("conflictDiff")}
            className="max-h-72 overflow-auto rounded bg-muted/40 p-2"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => void save(conflict.version)}>
              {t("keepMine")}
            </Button>
            <Button type="button" variant="outline" onClick={takeTheirs}>
              {t("useTheirs")}
            </Button>
          </div>
        </section>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="lesson-markdown">{t("textLabel")}</Label>
          <p id="lesson-markdown-help" className="text-sm text-muted-foreground">
            {t("textHelp")}
          </p>
          <textarea
            id="lesson-markdown"
            aria-describedby="lesson-markdown-help"
            lang={textDir.lang}
            dir={textDir.dir}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (state.kind !== "saving") setState({ kind: "idle" });
            }}
            spellCheck
            className="min-h-[24rem] w-full rounded-md border bg-background p-3 font-mono text-sm leading-6 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:min-h-[36rem]"
          />
        </div>
        <section aria-labelledby="lesson-preview-title" className="space-y-2">
          <h2 id="lesson-preview-title" className="text-sm font-medium">
            {t("preview")}
          </h2>
          {previewFailed ? (
            <p role="alert" className="text-sm text-destructive">
              {previewFailed}
            </p>
          ) : null}
          <article
            data-testid="lesson-preview"
            lang={textDir.lang}
            dir={textDir.dir}
            className={`rounded-md border p-4 ${LESSON_PROSE}`}
            // Sanitized on the server by the one policy every stored lesson passes.
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        </section>
      </div>

      <MediaPanel
        key={restores}
        lessonId={lesson.id}
        media={media}
        version={version}
        onSaved={(saved, changed) => {
          setVersion(saved);
          setMedia(changed);
          setHistoryKey((k) => k + 1);
        }}
      />

      <RewritePanel lessonId={lesson.id} current={savedText} unsaved={unsaved} onAccept={setText} />

      <RevisionHistory lessonId={lesson.id} refreshKey={historyKey} unsaved={unsaved} onRestored={reloadAfterRestore} />
    </div>
  );
}
