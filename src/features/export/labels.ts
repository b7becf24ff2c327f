import "server-only";
import { createTranslator } from "next-intl";
import en from "../../../messages/en.json";
import pt from "../../../messages/pt.json";
import type { Locale } from "@/i18n/config";
import { courseLanguageLabel } from "@/lib/course-languages";
import { intlLocale } from "@/lib/money";

/** The words the exported files carry, in the caller's UI language (like the print view). */
export function exportLabels(locale: Locale) {
  const t = createTranslator({ locale, messages: locale === "en" ? en : pt, namespace: "export" });
  return {
    index: t("index"),
    video: t("video"),
    courseType: (type: "text_image" | "video_text") => (type === "video_text" ? t("videoText") : t("textImage")),
    /** The course's language named in the caller's language ("Idioma: Inglês"). */
    language: (language: string) => t("language", { language: courseLanguageLabel(language, locale) }),
    lessonCount: (count: number) => t("lessonCount", { count }),
    /** The cover's foot: the day it was exported, long, in UTC (the server's zone is no one's). */
    coverDate: (date: Date) =>
      t("coverDate", {
        date: new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone: "UTC" }).format(date),
      }),
    coverMadeWith: t("coverMadeWith"),
    notCompleted: (title: string) => t("notCompleted", { title }),
    imageBy: (attribution: string) => t("imageBy", { attribution }),
    imageAlt: (title: string) => t("imageAlt", { title }),
    sources: t("sources"),
    previous: t("scormPrevious"),
    next: t("scormNext"),
    /** Filled in by the SCORM launch page's script. */
    lessonOfTemplate: t("scormLessonOf", { n: "{n}", total: "{total}" }),
  };
}

export type ExportLabels = ReturnType<typeof exportLabels>;
