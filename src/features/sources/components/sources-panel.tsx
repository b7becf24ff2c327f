"use client";
import { FileUpIcon, LinkIcon, Loader2Icon, TrashIcon, TypeIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useId, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { postJson } from "@/lib/http/post-json";
import type { SourceView } from "../schemas";
import type { SourceItem as Item } from "./use-sources";

const ACCEPT = ".pdf,.docx,.pptx,.txt,.md,.markdown";

/**
 * The learner's material: upload a file (with the upload's progress, then the pages read), paste
 * text or give a web address; each source listed with its status and a remove button. Loaded
 * only when opened (add-material.tsx), so the Generate page's bundle stays light. `courseId`
 * adds to one course's material; the list itself is the section's (use-sources.ts), so it
 * outlives the panel being closed.
 */
export function SourcesPanel({
  courseId,
  items,
  setItems,
}: {
  courseId?: string;
  items: Item[];
  setItems: Dispatch<SetStateAction<Item[]>>;
}) {
  const t = useTranslations("sources");
  const ids = { file: useId(), text: useId(), title: useId(), url: useId(), status: useId() };
  const [error, setError] = useState("");
  const [text, setText] = useState("");
  const [title, setTitle] = useState("");
  const [url, setUrl] = useState("");
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const added = useCallback(
    async (response: { ok: boolean; status: number; body: Record<string, unknown> | null }) => {
      if (!response.ok || typeof response.body?.sourceId !== "string") {
        setError(typeof response.body?.message === "string" ? response.body.message : t("failed"));
        return false;
      }
      const id = response.body.sourceId;
      const view = (await fetch(`/api/sources/${id}`).then((r) => r.json())) as SourceView;
      setItems((all) => [view, ...all.filter((i) => i.id !== id && !i.uploading)]);
      return true;
    },
    [t, setItems],
  );

  function upload(file: File) {
    setError("");
    const form = new FormData();
    form.set("file", file);
    if (courseId) form.set("courseId", courseId);
    const temp: Item = {
      id: `upload-${Date.now()}`,
      kind: "file",
      title: file.name,
      status: "processing",
      pages: null,
      pagesRead: 0,
      createdAt: new Date().toISOString(),
      uploading: 0,
    };
    setItems((all) => [temp, ...all]);
    // XMLHttpRequest, not fetch: only it tells how much of the file has been sent.
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/sources");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable)
        setItems((all) =>
          all.map((i) => (i.id === temp.id ? { ...i, uploading: Math.round((e.loaded / e.total) * 100) } : i)),
        );
    };
    xhr.onload = () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = null;
      }
      void added({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, body }).then((ok) => {
        if (!ok) setItems((all) => all.filter((i) => i.id !== temp.id));
      });
    };
    xhr.onerror = () => {
      setItems((all) => all.filter((i) => i.id !== temp.id));
      setError(t("failed"));
    };
    xhr.send(form);
    if (fileInput.current) fileInput.current.value = "";
  }

  async function send(body: Record<string, unknown>) {
    setError("");
    setBusy(true);
    try {
      const response = await postJson("/api/sources", courseId ? { ...body, courseId } : body);
      const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      return await added({ ok: response.ok, status: response.status, body: json });
    } catch {
      setError(t("failed"));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function remove(item: Item) {
    const response = await fetch(`/api/sources/${item.id}`, { method: "DELETE" }).catch(() => null);
    if (response?.ok) setItems((all) => all.filter((i) => i.id !== item.id));
    else setError(t("failed"));
  }

  function statusText(item: Item) {
    if (item.uploading !== undefined) return t("uploading", { percent: item.uploading });
    if (item.status === "ready") return t("ready", { pages: item.pages ?? 0 });
    if (item.status === "failed") return item.error?.message ?? t("failed");
    return item.pages ? t("reading", { read: item.pagesRead, total: item.pages }) : t("readingStart");
  }

  return (
    <div className="space-y-5" data-testid="sources-panel">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={ids.file} className="flex items-center gap-2">
            <FileUpIcon className="size-4" aria-hidden />
            {t("fileLabel")}
          </Label>
          <Input
            id={ids.file}
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            aria-describedby={`${ids.file}-hint`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) upload(file);
            }}
          />
          <p id={`${ids.file}-hint`} className="text-xs text-muted-foreground">
            {t("fileHint")}
          </p>
        </div>
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (url.trim()) void send({ url: url.trim() }).then((ok) => ok && setUrl(""));
          }}
        >
          <Label htmlFor={ids.url} className="flex items-center gap-2">
            <LinkIcon className="size-4" aria-hidden />
            {t("urlLabel")}
          </Label>
          <div className="flex gap-2">
            <Input
              id={ids.url}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
            <Button type="submit" variant="outline" disabled={busy || !url.trim()}>
              {t("add")}
            </Button>
          </div>
        </form>
      </div>
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim() && title.trim())
            void send({ text, title: title.trim() }).then((ok) => {
              if (ok) {
                setText("");
                setTitle("");
              }
            });
        }}
      >
        <p className="flex items-center gap-2 text-sm font-medium">
          <TypeIcon className="size-4" aria-hidden />
          {t("pasteHeading")}
        </p>
        <Label htmlFor={ids.title} className="sr-only">
          {t("titleLabel")}
        </Label>
        <Input
          id={ids.title}
          placeholder={t("titleLabel")}
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
        />
        <Label htmlFor={ids.text} className="sr-only">
          {t("textLabel")}
        </Label>
        <textarea
          id={ids.text}
          rows={4}
          placeholder={t("textLabel")}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="w-full rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm"
        />
        <Button type="submit" variant="outline" disabled={busy || !text.trim() || !title.trim()}>
          {t("addText")}
        </Button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div>
        <h3 className="mb-2 text-sm font-semibold">{t("listHeading")}</h3>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("empty")}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-live="polite" id={ids.status}>
            {items.map((item) => (
              <li
                key={item.id}
                className="flex flex-wrap items-center gap-3 p-3"
                data-testid="source-item"
                data-status={item.status}
              >
                {item.status === "processing" && (
                  <Loader2Icon className="size-4 animate-spin text-muted-foreground" aria-hidden />
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{item.title}</p>
                  <p
                    className={item.status === "failed" ? "text-xs text-destructive" : "text-xs text-muted-foreground"}
                  >
                    {statusText(item)}
                  </p>
                  {item.status === "processing" && item.pages ? (
                    <progress
                      className="mt-1 h-1.5 w-full"
                      max={item.pages}
                      value={item.pagesRead}
                      aria-label={statusText(item)}
                    />
                  ) : null}
                </div>
                {item.uploading === undefined && (
                  <Button type="button" variant="ghost" size="sm" onClick={() => void remove(item)}>
                    <TrashIcon aria-hidden />
                    <span className="sr-only sm:not-sr-only">{t("remove")}</span>
                    <span className="sr-only">{item.title}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
