import { BookOpenIcon } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import type * as React from "react";
import { CitationList } from "@/features/learning/components/citation-list";
import { LESSON_PROSE } from "@/features/learning/components/prose";
import { courseLanguageLabel, courseTextAttributes } from "@/lib/course-languages";
import type { CoursePreview as Preview } from "@/features/sharing/server";

/**
 * A course as a public page shows it (a share link, a catalogue entry): its title, what it is,
 * `action` (save a copy, enrol), its outline and a sample lesson. Server-rendered; the page must
 * import KaTeX's CSS, since the sample may hold formulas.
 */
export async function CoursePreview({
  preview,
  eyebrow,
  details,
  action,
}: {
  preview: Preview;
  eyebrow: string;
  /** More of what the course is, beside its type, language and lessons (author, learners). */
  details?: { label: string; value: string; testId?: string }[];
  action: React.ReactNode;
}) {
  const [t, locale] = await Promise.all([getTranslations("share"), getLocale()]);
  // The course's words carry its language and direction; the page around them keeps the UI's.
  const text = courseTextAttributes(preview.lang);
  return (
    <>
      <section className="space-y-4" aria-labelledby="shared-title">
        <p className="text-sm font-medium text-primary">{eyebrow}</p>
        <h1 {...text} id="shared-title" className="text-3xl font-bold tracking-tight break-words">
          {preview.mainTopic}
        </h1>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1">
            <dt>{t("type")}</dt>
            <dd className="font-medium text-foreground">
              {preview.type === "video_text" ? t("videoText") : t("textImage")}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>{t("language")}</dt>
            <dd className="font-medium text-foreground" data-testid="shared-language">
              {courseLanguageLabel(preview.lang, locale)}
            </dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <BookOpenIcon className="size-4" aria-hidden />
              <span className="sr-only">{t("lessonsLabel")}</span>
            </dt>
            <dd className="font-medium text-foreground" data-testid="shared-lesson-count">
              {t("lessons", { count: preview.lessonCount })}
            </dd>
          </div>
          {details?.map((detail) => (
            <div key={detail.label} className="flex gap-1">
              <dt>{detail.label}</dt>
              <dd className="font-medium text-foreground" data-testid={detail.testId}>
                {detail.value}
              </dd>
            </div>
          ))}
        </dl>
        {action}
      </section>
      <section aria-labelledby="shared-outline" className="space-y-3">
        <h2 id="shared-outline" className="text-xl font-semibold">
          {t("outline")}
        </h2>
        <ol {...text} className="list-decimal space-y-2 ps-6" data-testid="shared-outline">
          {preview.outline.map((topic, i) => (
            <li key={i}>
              <p className="font-medium">{topic.title}</p>
              <ul className="list-disc ps-5 text-sm text-muted-foreground">
                {topic.lessons.map((title, j) => (
                  <li key={j}>{title}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>
      {preview.sample ? (
        <section id="sample" aria-labelledby="shared-sample" className="space-y-3 rounded-xl border p-4 sm:p-6">
          <h2 id="shared-sample" className="text-xl font-semibold">
            {t("sample", { title: preview.sample.title })}
          </h2>
          {preview.sample.imageUrl ? (
            <figure className="space-y-1">
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img
                src={preview.sample.imageUrl}
                alt={t("imageAlt", { title: preview.sample.title })}
                className="max-h-80 w-full rounded-lg border object-cover"
              />
              {preview.sample.imageAttribution ? (
                <figcaption className="text-xs text-muted-foreground">
                  {t("imageBy", { attribution: preview.sample.imageAttribution })}
                </figcaption>
              ) : null}
            </figure>
          ) : null}
          {/* Sanitized on the server before it was stored (src/server/html/sanitize.ts). */}
          <div
            {...text}
            className={LESSON_PROSE}
            data-testid="shared-sample"
            dangerouslySetInnerHTML={{ __html: preview.sample.theory }}
          />
          <CitationList
            citations={preview.sample.citations}
            text={text}
            heading={t("sources")}
            headingId="shared-sample-sources"
            itemLabel={(n) => t("citationTitle", { n })}
            level={3}
          />
        </section>
      ) : null}
    </>
  );
}
