import * as React from "react";
import type { renderPartialMarkdown } from "@/lib/markdown/streaming";

export type PartialRenderer = typeof renderPartialMarkdown;

/**
 * The Markdown renderer for streamed lessons, loaded after the first paint so it stays out of
 * the first load. Null until it is here: the caller keeps what it shows until then (a loading
 * fallback would blank a lesson being rewritten for a moment).
 */
export function usePartialRenderer(): PartialRenderer | null {
  const [render, setRender] = React.useState<PartialRenderer | null>(null);
  React.useEffect(() => {
    let live = true;
    void import("@/lib/markdown/streaming").then((m) => {
      if (live) setRender(() => m.renderStreamedLesson);
    });
    return () => {
      live = false;
    };
  }, []);
  return render;
}
