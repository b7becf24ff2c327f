import { BookOpenIcon } from "lucide-react";
import Link from "next/link";
import type { useTranslations } from "next-intl";
import type * as React from "react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { CourseCard as CourseCardData } from "../service";
import { paths } from "@/lib/paths";

/** The texts one card shows, translated by the caller (the server page or the client grid). */
export type CourseCardTexts = {
  coverAlt: string;
  status: string;
  photoBy: string | null;
  type: string;
  progressLabel: string;
  percent: string;
  modules: string;
  continue: string;
};

/** The card's texts from a `courses` translator: `getTranslations` on the server, `useTranslations` in the grid. */
export function courseCardTexts(
  t: ReturnType<typeof useTranslations<"courses">>,
  course: CourseCardData,
): CourseCardTexts {
  return {
    coverAlt: t("coverAlt", { topic: course.mainTopic }),
    // A course opened or read in part is under way; "pending" read as if it waited on something.
    status: course.completed ? t("completed") : course.progress > 0 ? t("inProgress") : t("notStarted"),
    photoBy: course.photoAttribution ? t("photoBy", { author: course.photoAttribution }) : null,
    type: course.type === "video_text" ? t("videoText") : t("textImage"),
    progressLabel: t("progressLabel"),
    percent: t("percentComplete", { percent: course.progress }),
    modules: t("modules", { count: course.moduleCount }),
    continue: t("continue"),
  };
}

/**
 * A My Courses card, without hooks: the page renders the first page's cards on the server and
 * only `actions` (the menu and the offline badge) and `writing` (client islands) hydrate; the
 * grid renders the next pages' cards with the same markup on the client.
 */
export function CourseCard({
  course,
  texts,
  actions,
  writing,
}: {
  course: CourseCardData;
  texts: CourseCardTexts;
  actions: React.ReactNode;
  /** "Writing 14 of 20 lessons" while "Write all lessons" runs (course-card-writing.tsx). */
  writing?: React.ReactNode;
}) {
  return (
    <article
      className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
      aria-labelledby={`course-${course.id}`}
    >
      <div className="relative aspect-video bg-muted">
        {course.photo && (
          // Photos come from several hosts and inline data; a plain img avoids an image proxy for each.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={course.photo}
            alt={texts.coverAlt}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        )}
        {/* emerald-700: white small text on emerald-600 is 3.7:1, under WCAG's 4.5:1. */}
        <span
          data-testid="course-status"
          className={cn(
            "absolute top-3 left-3 rounded-full px-2.5 py-0.5 text-xs font-semibold shadow-sm",
            course.completed ? "bg-emerald-700 text-white" : "bg-background/90 text-foreground",
          )}
        >
          {texts.status}
        </span>
        {actions}
      </div>
      {/* Under the picture, not on it: a drawn cover has the topic written where a caption would sit. */}
      {texts.photoBy && (
        <p className="truncate border-b px-4 py-1 text-[11px] text-muted-foreground">{texts.photoBy}</p>
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="space-y-1">
          <h3 {...course.text} id={`course-${course.id}`} className="line-clamp-2 text-lg font-semibold break-words">
            {course.mainTopic}
          </h3>
          <p className="text-sm text-muted-foreground">{texts.type}</p>
          {writing}
        </div>
        <div className="space-y-1.5">
          <div
            role="progressbar"
            aria-label={texts.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={course.progress}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${course.progress}%` }}
            />
          </div>
          <div className="flex items-center justify-between text-xs text-muted-foreground">
            <span>{texts.percent}</span>
            <span className="flex items-center gap-1">
              <BookOpenIcon className="size-3.5" aria-hidden />
              {texts.modules}
            </span>
          </div>
        </div>
        <Link href={paths.course(course.id)} className={cn(buttonVariants(), "mt-auto w-full")}>
          {texts.continue}
        </Link>
      </div>
    </article>
  );
}
