"use client";

import { useTranslations } from "next-intl";
import * as React from "react";
import type { CourseTextAttributes } from "@/lib/course-languages";
import type { CitationView } from "../lesson-queries";
import { CitationList } from "./citation-list";

/**
 * A grounded lesson's citations (decision 027). The stored text links each superscript to
 * `#cite-n`; the "Sources" list below the lesson holds those ids, so the links work without
 * JavaScript, in print and offline. With JavaScript, activating a superscript opens the side
 * panel with its quote instead (citation-panel.tsx, loaded on the first one).
 */

/** The superscript link a click in the lesson's text activated, with its citation. */
export function citationOfClick(
  event: React.MouseEvent,
  citations: readonly CitationView[],
): { citation: CitationView; link: HTMLElement } | null {
  const link = (event.target as Element | null)?.closest?.<HTMLElement>('a[href^="#cite-"]');
  if (!link) return null;
  const n = Number(link.getAttribute("href")?.slice("#cite-".length));
  const citation = citations.find((c) => c.n === n);
  return citation ? { citation, link } : null;
}

/** Below the lesson: every quote it cites, `id="cite-n"`, the quotes in the course's language. */
export function LessonSources({ citations, text }: { citations: CitationView[]; text: CourseTextAttributes }) {
  const t = useTranslations("viewer");
  const headingId = React.useId();
  return (
    <CitationList
      citations={citations}
      text={text}
      heading={t("sources")}
      headingId={headingId}
      itemLabel={(n) => t("citationTitle", { n })}
    />
  );
}
