"use client";
import { LoaderCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { fetchWritingProgress, pollWritingProgress, WRITE_ALL_STARTED } from "@/features/learning/client";

/** How often a card asks how far its course is written while "Write all lessons" runs. */
const POLL_MS = 4_000;

type Written = { written: number; total: number };

/**
 * "Writing 14 of 20 lessons" on a course card while "Write all lessons" runs on the server: from
 * the page's render (`initial`), or from the moment the card's menu starts it; followed until the
 * batch is over. The status region is always there, so the line is announced when it appears.
 */
export function CourseCardWriting({ courseId, initial }: { courseId: string; initial?: Written }) {
  const t = useTranslations("courses");
  const [writing, setWriting] = useState<Written | null>(initial ?? null);
  const active = writing !== null;

  useEffect(() => {
    const started = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== courseId) return;
      void fetchWritingProgress(courseId)
        .then((p) => setWriting(p.batch > 0 ? { written: p.written, total: p.total } : null))
        .catch(() => undefined);
    };
    window.addEventListener(WRITE_ALL_STARTED, started);
    return () => window.removeEventListener(WRITE_ALL_STARTED, started);
  }, [courseId]);

  useEffect(() => {
    if (!active) return;
    return pollWritingProgress(courseId, POLL_MS, (p) => {
      setWriting(p.batch > 0 ? { written: p.written, total: p.total } : null);
      return p.batch > 0;
    });
  }, [active, courseId]);

  return (
    <p role="status" className="flex items-center gap-1.5 text-sm font-medium">
      {writing ? (
        <>
          <LoaderCircleIcon className="size-4 shrink-0 animate-spin text-primary" aria-hidden />
          <span data-testid="course-writing">{t("writing", writing)}</span>
        </>
      ) : null}
    </p>
  );
}
