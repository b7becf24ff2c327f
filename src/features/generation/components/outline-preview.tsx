"use client";
import { LoaderCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { SlowModelNotice } from "@/components/slow-model";
import { Button } from "@/components/ui/button";
import type { Preview } from "./generate-types";

/** The outline as it streams, then Cancel (back to the form) or Generate (make the course). */
export function OutlinePreview({
  preview,
  slow,
  creating,
  onCancel,
  onCreate,
}: {
  preview: Preview;
  slow: boolean;
  creating: boolean;
  onCancel: () => void;
  onCreate: () => void;
}) {
  const t = useTranslations("generate");
  const waiting = preview.topics.filter(Boolean).length === 0;
  return (
    <section aria-labelledby="preview-title" className="space-y-6" aria-busy={preview.status === "streaming"}>
      <div className="space-y-1">
        <h2 id="preview-title" className="text-2xl font-bold tracking-tight break-words">
          {preview.topic.toUpperCase()}
        </h2>
        <p className="text-muted-foreground">{t("previewSubtitle")}</p>
      </div>
      <div aria-live="polite" className="sr-only">
        {preview.status === "streaming" ? t("structureLoading") : ""}
      </div>
      {slow ? (
        <SlowModelNotice />
      ) : (
        (waiting || preview.retrying) && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
            {preview.retrying ? t("retrying") : t("structureLoading")}
          </p>
        )
      )}
      <ol className="space-y-4" data-testid="outline-preview">
        {preview.topics.map((topic, index) =>
          topic ? (
            <li key={index} className="rounded-lg border bg-card p-4">
              <h3 className="font-semibold break-words">{topic.title}</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm break-words text-muted-foreground">
                {topic.subtopics.map((subtopic, i) => (
                  <li key={i}>{subtopic}</li>
                ))}
              </ul>
            </li>
          ) : null,
        )}
        {preview.status === "streaming" && !waiting && (
          <li aria-hidden className="h-20 animate-pulse rounded-lg border border-dashed bg-muted/40" />
        )}
      </ol>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="outline" onClick={onCancel} disabled={creating}>
          {t("cancel")}
        </Button>
        <Button type="button" onClick={onCreate} disabled={preview.status !== "ready" || creating}>
          {creating && <LoaderCircleIcon className="animate-spin" aria-hidden />}
          {creating ? t("generating") : t("generateCourse")}
        </Button>
      </div>
    </section>
  );
}
