"use client";

import { ImageIcon, SearchIcon, Trash2Icon, UploadIcon, VideoIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export type LessonMediaView = {
  imageUrl: string | null;
  imageAttribution: string | null;
  imageCaption: string | null;
  youtubeId: string | null;
};

type Change = {
  image?: null | { upload: string } | { search: string };
  caption?: string | null;
  video?: string | null;
};

const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

/**
 * The lesson's picture (one of the author's, another from the image search, or none), its caption
 * and its video. Each change is saved at once as a revision, on the version the editor holds;
 * the editor learns the new version, so its next text save is not taken for a conflict.
 */
export function MediaPanel({
  lessonId,
  media,
  version,
  onSaved,
}: {
  lessonId: string;
  /**
   * As the lesson has it now. The fields start from it: after a restore the editor mounts the
   * panel anew (its key), so they show the restored caption and video.
   */
  media: LessonMediaView;
  version: number;
  onSaved: (version: number, media: LessonMediaView) => void;
}) {
  const t = useTranslations("authoring");
  const [caption, setCaption] = React.useState(media.imageCaption ?? "");
  const [search, setSearch] = React.useState("");
  const [video, setVideo] = React.useState(media.youtubeId ? `https://youtu.be/${media.youtubeId}` : "");
  const [busy, setBusy] = React.useState(false);
  const [message, setMessage] = React.useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const file = React.useRef<HTMLInputElement>(null);

  const save = async (change: Change, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      const response = await fetch(`/api/lessons/${lessonId}/media`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ version, ...change }),
      });
      const data = (await response.json().catch(() => null)) as {
        version?: number;
        media?: LessonMediaView;
        message?: string;
      } | null;
      if (!response.ok || typeof data?.version !== "number" || !data.media)
        throw new Error(data?.message ?? t("mediaFailed"));
      onSaved(data.version, data.media);
      setMessage({ kind: "ok", text: done });
    } catch (error) {
      setMessage({ kind: "error", text: error instanceof Error ? error.message : t("mediaFailed") });
    } finally {
      setBusy(false);
    }
  };

  const upload = (event: React.ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    if (chosen.size > MAX_PICTURE_BYTES || !/^image\/(png|jpeg|webp)$/.test(chosen.type))
      return setMessage({ kind: "error", text: t("pictureRules") });
    const reader = new FileReader();
    reader.onload = () => void save({ image: { upload: String(reader.result) } }, t("pictureSaved"));
    reader.onerror = () => setMessage({ kind: "error", text: t("mediaFailed") });
    reader.readAsDataURL(chosen);
  };

  return (
    <section aria-labelledby="media-title" className="space-y-4 rounded-lg border p-4">
      <h2 id="media-title" className="flex items-center gap-2 text-lg font-semibold">
        <ImageIcon className="size-5" aria-hidden />
        {t("mediaTitle")}
      </h2>
      <p
        role="status"
        className={message?.kind === "error" ? "text-sm text-destructive" : "text-sm text-muted-foreground"}
      >
        {busy ? t("saving") : (message?.text ?? "")}
      </p>

      <div className="grid gap-4 md:grid-cols-[12rem_1fr]">
        <div className="flex aspect-video items-center justify-center overflow-hidden rounded-md border bg-muted">
          {media.imageUrl ? (
            // Remote photos of any host and inline data URLs, as the viewer shows them.
            // eslint-disable-next-line @next/next/no-img-element
            <img
              src={media.imageUrl}
              alt={t("currentPicture")}
              className="size-full object-cover"
              data-testid="media-picture"
            />
          ) : (
            <span className="text-sm text-muted-foreground">{t("noPicture")}</span>
          )}
        </div>
        <div className="space-y-3">
          <div className="flex flex-wrap gap-2">
            <input
              ref={file}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              onChange={upload}
            />
            <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => file.current?.click()}>
              <UploadIcon aria-hidden />
              {t("uploadPicture")}
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={busy || !media.imageUrl}
              onClick={() => void save({ image: null }, t("pictureRemoved"))}
            >
              <Trash2Icon aria-hidden />
              {t("removePicture")}
            </Button>
          </div>
          <form
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              if (search.trim().length >= 2) void save({ image: { search: search.trim() } }, t("pictureSaved"));
            }}
          >
            <div className="flex-1 space-y-1">
              <Label htmlFor="media-search">{t("searchPicture")}</Label>
              <Input id="media-search" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} />
            </div>
            <Button type="submit" variant="outline" disabled={busy || search.trim().length < 2}>
              <SearchIcon aria-hidden />
              {t("search")}
            </Button>
          </form>
          <form
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              void save({ caption: caption.trim() || null }, t("captionSaved"));
            }}
          >
            <div className="flex-1 space-y-1">
              <Label htmlFor="media-caption">{t("caption")}</Label>
              <Input id="media-caption" value={caption} maxLength={300} onChange={(e) => setCaption(e.target.value)} />
            </div>
            <Button type="submit" variant="outline" disabled={busy || caption.trim() === (media.imageCaption ?? "")}>
              {t("saveCaption")}
            </Button>
          </form>
        </div>
      </div>

      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void save({ video: video.trim() || null }, video.trim() ? t("videoSaved") : t("videoRemoved"));
        }}
      >
        <div className="flex-1 space-y-1">
          <Label htmlFor="media-video" className="flex items-center gap-2">
            <VideoIcon className="size-4" aria-hidden />
            {t("video")}
          </Label>
          <p id="media-video-help" className="text-sm text-muted-foreground">
            {t("videoHelp")}
          </p>
          <Input
            id="media-video"
            aria-describedby="media-video-help"
            value={video}
            maxLength={300}
            placeholder="https://www.youtube.com/watch?v=…"
            onChange={(e) => setVideo(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" disabled={busy}>
          {t("saveVideo")}
        </Button>
      </form>
    </section>
  );
}
