"use client";

import * as React from "react";
import { renderMarkdown } from "@/lib/markdown/render";
import { renderPartialMarkdown } from "@/lib/markdown/streaming";
import { STREAM_RENDER_MS, useThrottledValue } from "./use-throttled-value";

/**
 * Markdown shown formatted. While `streaming`, the text is re-rendered at most every 50 ms and
 * unfinished syntax is held back (src/lib/markdown/partial.ts), so no `**` or `##` ever shows.
 * The renderer's output is safe by construction (src/lib/markdown/render.ts): no sanitizer is
 * needed here.
 */
export function MarkdownView({
  markdown,
  streaming = false,
  ...props
}: { markdown: string; streaming?: boolean } & Omit<
  React.ComponentProps<"div">,
  "children" | "dangerouslySetInnerHTML"
>) {
  const throttled = useThrottledValue(markdown, streaming ? STREAM_RENDER_MS : 0);
  const html = React.useMemo(
    () => (streaming ? renderPartialMarkdown(throttled) : renderMarkdown(markdown)),
    [streaming, throttled, markdown],
  );
  return <div {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}
