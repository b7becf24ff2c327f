import { BookOpenIcon } from "lucide-react";
import type { Metadata } from "next";
// The sample lesson may hold formulas (KaTeX's HTML): see src/app/(course)/layout.tsx.
import "katex/dist/katex.min.css";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { Brand } from "@/components/brand";
import { LanguageMenu } from "@/components/i18n/language-menu";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { courseShareUrl } from "@/features/courses/client";
import { LESSON_PROSE } from "@/features/learning/components/prose";
import { CitationList } from "@/features/learning/components/citation-list";
import { courseLanguageLabel, courseTextAttributes } from "@/lib/course-languages";
import { SaveCopyButton } from "@/features/sharing/components/save-copy-button";
import { sharedCoursePreview } from "@/features/sharing/server";
import { env } from "@/server/env";
import { plainText } from "@/server/media/fetch";

type Props = { searchParams: Promise<{ id?: string | string[] }> };

const idOf = async (searchParams: Props["searchParams"]) => {
  const { id } = await searchParams;
  return typeof id === "string" ? id : undefined;
};

/** Open Graph tags, so a shared link previews with the course's title, a sample and its picture. */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const [preview, t] = await Promise.all([sharedCoursePreview(await idOf(searchParams)), getTranslations("share")]);
  if (!preview) return { title: t("notSharedTitle"), robots: { index: false } };
  const description = preview.sample
    ? plainText(preview.sample.theory, 200)
    : t("metaDescription", { count: preview.lessonCount });
  const url = courseShareUrl(env().APP_URL, preview.shareId);
  const image =
    preview.photo && /^https?:\/\//.test(preview.photo)
      ? preview.photo
      : preview.photo?.startsWith("/")
        ? `${env().APP_URL.replace(/\/+$/, "")}${preview.photo}`
        : undefined;
  return {
    title: preview.mainTopic,
    description,
    openGraph: {
      type: "article",
      title: preview.mainTopic,
      description,
      url,
      images: image ? [{ url: image }] : undefined,
    },
    twitter: {
      card: image ? "summary_large_image" : "summary",
      title: preview.mainTopic,
      description,
      images: image ? [image] : undefined,
    },
  };
}

/** A shared course, public and server-rendered in the visitor's UI language (SPEC "Shared course"). */
export default async function ShareablePage({ searchParams }: Props) {
  const preview = await sharedCoursePreview(await idOf(searchParams));
  if (!preview) notFound();
  const [t, locale] = await Promise.all([getTranslations("share"), getLocale()]);
  // The course's words carry its language and direction; the page around them keeps the UI's.
  const text = courseTextAttributes(preview.lang);
  return (
    <>
      <header className="sticky top-0 z-40 h-16 border-b bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-full max-w-4xl items-center justify-between gap-2 px-4 sm:px-6">
          <Brand compact />
          <div className="flex items-center gap-1 sm:gap-2">
            <LanguageMenu />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6">
        <section className="space-y-4" aria-labelledby="shared-title">
          <p className="text-sm font-medium text-primary">{t("eyebrow")}</p>
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
          </dl>
          <SaveCopyButton
            shareId={preview.shareId}
            labels={{
              save: t("saveCopy"),
              saving: t("saving"),
              failed: t("saveFailed"),
              saved: t("copySaved"),
              open: t("openCopy"),
            }}
          />
          <p className="text-sm text-muted-foreground">{t("saveCopyHint")}</p>
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
          <section aria-labelledby="shared-sample" className="space-y-3 rounded-xl border p-4 sm:p-6">
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
      </main>
    </>
  );
}
