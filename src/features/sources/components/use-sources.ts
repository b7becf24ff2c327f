"use client";
import { useEffect, useState, type Dispatch, type SetStateAction } from "react";
import type { SourceView } from "../schemas";

/** A source as the page holds it; `uploading` is the percentage sent while a file is on its way. */
export type SourceItem = SourceView & { uploading?: number };

/**
 * The learner's material as the page knows it: the list (one course's, or all of the learner's),
 * and each source still being read asked for its progress every second. Held by "Add material"
 * itself, not by its upload panel: the collapsed section still shows (and the Generate page
 * still sends) what is ready, and a file being read becomes ready without the panel open.
 */
export function useSources(courseId?: string): [SourceItem[], Dispatch<SetStateAction<SourceItem[]>>] {
  const [items, setItems] = useState<SourceItem[]>([]);

  const listUrl = courseId ? `/api/sources?courseId=${encodeURIComponent(courseId)}` : "/api/sources";
  useEffect(() => {
    let live = true;
    void fetch(listUrl)
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { sources?: SourceView[] } | null) => {
        // Items added while the list was on its way (an upload started at once) stay first.
        if (live && body?.sources) {
          const listed = body.sources;
          setItems((current) => [...current.filter((i) => !listed.some((s) => s.id === i.id)), ...listed]);
        }
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [listUrl]);

  const processingKey = items
    .filter((i) => i.status === "processing" && i.uploading === undefined)
    .map((i) => i.id)
    .join(",");
  useEffect(() => {
    if (!processingKey) return;
    const timer = setInterval(() => {
      for (const id of processingKey.split(",")) {
        void fetch(`/api/sources/${id}`)
          .then((r) => (r.ok ? r.json() : null))
          .then((body: SourceView | null) => {
            if (body) setItems((all) => all.map((i) => (i.id === id ? { ...i, ...body } : i)));
          })
          .catch(() => {});
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [processingKey]);

  return [items, setItems];
}
