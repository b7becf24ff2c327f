"use client";

import { HistoryIcon, RotateCcwIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { postJson } from "@/lib/http/post-json";
import type { DiffPart } from "@/lib/word-diff";
import { WordDiffView } from "@/components/word-diff-view";

type Revision = {
  revision: number;
  kind: "generated" | "edited" | "restored" | "original";
  createdAt: string;
  author: { id: string; name: string } | null;
  restoredFrom: number | null;
};

/**
 * The lesson's revisions, newest first: who, when, and on demand what changed (a word diff
 * against the one before). Any older one is brought back with one click, as a new revision, so a
 * restore can be undone too. While the editor holds unsaved text, restoring waits: it would
 * replace that text.
 */
export function RevisionHistory({
  lessonId,
  refreshKey,
  unsaved,
  onRestored,
}: {
  lessonId: string;
  /** Changes after every save, so the list shows it. */
  refreshKey: number;
  unsaved: boolean;
  onRestored: (version: number) => Promise<void>;
}) {
  const t = useTranslations("authoring");
  const locale = useLocale();
  const [revisions, setRevisions] = React.useState<Revision[] | null>(null);
  const [failed, setFailed] = React.useState(false);
  const [open, setOpen] = React.useState<{ revision: number; diff: DiffPart[] | null } | null>(null);
  const [restoring, setRestoring] = React.useState<number | null>(null);
  const [announce, setAnnounce] = React.useState("");

  React.useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/lessons/${lessonId}/revisions`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((data: { revisions: Revision[] }) => {
        setRevisions(data.revisions);
        setFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [lessonId, refreshKey]);

  const showChanges = async (revision: number) => {
    if (open?.revision === revision) return setOpen(null);
    setOpen({ revision, diff: null });
    const response = await fetch(`/api/lessons/${lessonId}/revisions/${revision}`);
    if (!response.ok) return setOpen(null);
    const data = (await response.json()) as { diff: DiffPart[] };
    setOpen({ revision, diff: data.diff });
  };

  const restore = async (revision: number) => {
    setRestoring(revision);
    setAnnounce("");
    try {
      const response = await postJson(`/api/lessons/${lessonId}/revisions/${revision}/restore`, {});
      const data = (await response.json().catch(() => null)) as { version?: number; message?: string } | null;
      if (!response.ok || typeof data?.version !== "number") throw new Error(data?.message ?? t("restoreFailed"));
      await onRestored(data.version);
      setAnnounce(t("restored", { revision }));
    } catch (error) {
      setAnnounce(error instanceof Error ? error.message : t("restoreFailed"));
    } finally {
      setRestoring(null);
    }
  };

  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const by = (r: Revision) => (r.author ? r.author.name : r.kind === "generated" ? t("byModel") : t("byNobody"));

  return (
    <section aria-labelledby="revision-history" className="space-y-3 rounded-lg border p-4">
      <h2 id="revision-history" className="flex items-center gap-2 text-lg font-semibold">
        <HistoryIcon className="size-5" aria-hidden />
        {t("history")}
      </h2>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {announce}
      </p>
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {t("historyFailed")}
        </p>
      ) : revisions === null ? (
        <p className="text-sm text-muted-foreground">{t("historyLoading")}</p>
      ) : revisions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("historyEmpty")}</p>
      ) : (
        <ol className="space-y-2" data-testid="revisions">
          {revisions.map((r, i) => (
            <li key={r.revision} className="space-y-2 rounded-md border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="text-sm">
                  <span className="font-medium">
                    {t(`kind.${r.kind}`, { revision: r.revision, from: r.restoredFrom ?? 0 })}
                  </span>
                  <span className="text-muted-foreground">
                    {" · "}
                    {by(r)}
                    {" · "}
                    <time dateTime={r.createdAt}>{when.format(new Date(r.createdAt))}</time>
                  </span>
                  {i === 0 ? <span className="ms-2 rounded bg-muted px-1.5 py-0.5 text-xs">{t("current")}</span> : null}
                </div>
                <div className="flex gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-expanded={open?.revision === r.revision}
                    onClick={() => void showChanges(r.revision)}
                  >
                    {t("showChanges")}
                  </Button>
                  {i > 0 ? (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={unsaved || restoring !== null}
                      title={unsaved ? t("saveFirst") : undefined}
                      onClick={() => void restore(r.revision)}
                    >
                      <RotateCcwIcon aria-hidden />
                      {restoring === r.revision ? t("restoring") : t("restore", { revision: r.revision })}
                    </Button>
                  ) : null}
                </div>
              </div>
              {open?.revision === r.revision ? (
                open.diff ? (
                  <WordDiffView
                    parts={open.diff}
                    labels={{ added: t("added"), removed: t("removed") }}
                    region={t("changesOf", { revision: r.revision })}
                    className="max-h-72 overflow-auto rounded bg-muted/40 p-2"
                  />
                ) : (
                  <p className="text-sm text-muted-foreground">{t("historyLoading")}</p>
                )
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {unsaved ? <p className="text-sm text-muted-foreground">{t("saveFirst")}</p> : null}
    </section>
  );
}
