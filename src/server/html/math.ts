import "server-only";
import katex from "katex";
import type { MathRenderer } from "@/lib/markdown/math";

/**
 * A formula as KaTeX writes it on the server: HTML for the eye (laid out with KaTeX's CSS and
 * fonts, served by the app: see src/app/(course)/layout.tsx) and MathML for screen readers and
 * copy, so it prints and reads offline with no script. `throwOnError: false` turns a malformed
 * formula into its source in red, never a failed lesson; `trust: false` keeps `\href`,
 * `\includegraphics` and `\htmlStyle` out; `maxExpand` bounds macro expansion (a model's
 * runaway `\def` cannot hold the server).
 */
export const katexHtml: MathRenderer = (tex, display) =>
  katex.renderToString(tex, {
    displayMode: display,
    output: "htmlAndMathml",
    throwOnError: false,
    trust: false,
    strict: "ignore",
    maxExpand: 200,
    maxSize: 20,
  });
