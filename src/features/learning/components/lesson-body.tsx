"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import * as React from "react";
import type { CourseTextAttributes } from "@/lib/course-languages";
import type { CitationView, LessonContent } from "../lesson-queries";
import { citedIn } from "@/lib/citations";
import { citationOfClick, LessonSources } from "./lesson-sources";
import { LESSON_PROSE } from "./prose";
import { withoutRepeatedTitle } from "./repeated-title";

// The quote's side panel loads with the first superscript activated: most lessons cite nothing.
const CitationPanel = dynamic(() => import("./citation-panel").then((m) => m.CitationPanel), { ssr: false });

/**
 * The lesson's media, its stored (server-sanitized) HTML and, for a grounded lesson, the quotes
 * its superscripts cite (a side panel, and the Sources list below).
 */
export function LessonBody({
  lesson,
  text,
}: {
  lesson: Pick<
    LessonContent,
    "title" | "theory" | "imageUrl" | "imageAttribution" | "imageCaption" | "youtubeId" | "citations"
  >;
  /** The course's `lang` and `dir`, for the lesson's text only (captions are the UI's). */
  text: CourseTextAttributes;
}) {
  const t = useTranslations("viewer");
  const citations = React.useMemo(() => citedIn(lesson.theory, lesson.citations), [lesson.theory, lesson.citations]);
  const [open, setOpen] = React.useState<CitationView | null>(null);
  const opener = React.useRef<HTMLElement | null>(null);
  const [opened, setOpened] = React.useState(false);
  const onClick = (event: React.MouseEvent) => {
    const clicked = citationOfClick(event, citations);
    if (!clicked) return;
    event.preventDefault();
    opener.current = clicked.link;
    setOpened(true);
    setOpen(clicked.citation);
  };
  return (
    <div className="space-y-6">
      {lesson.youtubeId ? (
        <div className="aspect-video overflow-hidden rounded-lg border bg-muted">
          <iframe
            className="size-full"
            src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(lesson.youtubeId)}`}
            title={t("videoTitle", { title: lesson.title })}
            allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
          />
        </div>
      ) : lesson.imageUrl ? (
        <figure className="space-y-2">
          {/* Remote photos of any host and inline data URLs: next/image would need each host listed. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={lesson.imageUrl}
            alt={t("imageAlt", { title: lesson.title })}
            className="max-h-96 w-full rounded-lg border object-cover"
          />
          {lesson.imageCaption || lesson.imageAttribution ? (
            <figcaption className="space-y-1">
              {lesson.imageCaption ? (
                <span {...text} data-testid="lesson-caption" className="block text-sm">
                  {lesson.imageCaption}
                </span>
              ) : null}
              {lesson.imageAttribution ? (
                <span className="block text-xs text-muted-foreground">
                  {t("imageBy", { attribution: lesson.imageAttribution })}
                </span>
              ) : null}
            </figcaption>
          ) : null}
        </figure>
      ) : null}
      <div
        {...text}
        data-testid="lesson-theory"
        className={LESSON_PROSE}
        // A superscript's click (or Enter on it) opens its quote; the clicks are the links'.
        onClick={citations.length ? onClick : undefined}
        // Sanitized on the server before it was stored (src/server/html/sanitize.ts); dropping
        // a whole leading element keeps it so.
        dangerouslySetInnerHTML={{ __html: withoutRepeatedTitle(lesson.theory, lesson.title) }}
      />
      <LessonSources citations={citations} text={text} />
      {opened ? (
        <CitationPanel citation={open} onClose={() => setOpen(null)} returnFocus={() => opener.current} text={text} />
      ) : null}
    </div>
  );
}
