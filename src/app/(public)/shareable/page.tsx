import type { Metadata } from "next";
// The sample lesson may hold formulas (KaTeX's HTML): see src/app/(course)/layout.tsx.
import "katex/dist/katex.min.css";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Brand } from "@/components/brand";
import { LanguageMenu } from "@/components/i18n/language-menu";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { courseShareUrl } from "@/features/courses/client";
import { CoursePreview } from "../_components/course-preview";
import { SaveCopyButton } from "@/features/sharing/components/save-copy-button";
import { coursePreviewMetadata } from "@/features/sharing/preview-metadata";
import { sharedCoursePreview } from "@/features/sharing/server";
import { env } from "@/server/env";

type Props = { searchParams: Promise<{ id?: string | string[] }> };

const idOf = async (searchParams: Props["searchParams"]) => {
  const { id } = await searchParams;
  return typeof id === "string" ? id : undefined;
};

/** Open Graph tags, so a shared link previews with the course's title, a sample and its picture. */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const [preview, t] = await Promise.all([sharedCoursePreview(await idOf(searchParams)), getTranslations("share")]);
  if (!preview) return { title: t("notSharedTitle"), robots: { index: false } };
  return coursePreviewMetadata(
    preview,
    courseShareUrl(env().APP_URL, preview.shareId),
    t("metaDescription", { count: preview.lessonCount }),
  );
}

/** A shared course, public and server-rendered in the visitor's UI language (SPEC "Shared course"). */
export default async function ShareablePage({ searchParams }: Props) {
  const preview = await sharedCoursePreview(await idOf(searchParams));
  if (!preview) notFound();
  const t = await getTranslations("share");
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
        <CoursePreview
          preview={preview}
          eyebrow={t("eyebrow")}
          action={
            <>
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
            </>
          }
        />
      </main>
    </>
  );
}
