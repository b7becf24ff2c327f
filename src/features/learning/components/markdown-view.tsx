"use client";

import * as React from "react";
import { repairPartialMarkdown } from "@/lib/markdown/partial";
import { renderMarkdown } from "@/lib/markdown/render";
import { useThrottledValue } from "./use-throttled-value";

/** Re-render pace while text streams in: smooth to the eye, few parses for a long lesson. */
const STREAM_RENDER_MS = 50;

/**
 * Markdown shown formatted. While `streaming`, the text is re-rendered at most every 50 ms and
 * unfinished syntax is held back (src/lib/markdown/partial.ts), so no `**` or `##` ever shows.
 * The renderer's output is safe by construction (src/lib/markdown/render.ts): no sanitizer is
 * needed here.
 */
export function MarkdownView({
  markdown,
  streaming = false,
  className,
  ...props
}: { markdown: string; streaming?: boolean } & Omit<React.ComponentProps<"div">, "children" | "dangerouslySetInnerHTML">) {
  const throttled = useThrottledValue(markdown, streaming ? STREAM_RENDER_MS : 0);
  const source = streaming ? throttled : markdown;
  const html = React.useMemo(() => renderMarkdown(streaming ? repairPartialMarkdown(source) : source), [source, streaming]);
  return <div {...props} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
