import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { catalogPage } from "@/features/courses/server";
import { pageMetadata } from "@/features/site/seo";
import type { Locale } from "@/i18n/config";
import { COURSE_LANGUAGE_NAMES, courseLanguageLabel, courseTextAttributes } from "@/lib/course-languages";
import { paths } from "@/lib/paths";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const [t, locale] = await Promise.all([getTranslations("catalog"), getLocale()]);
  return pageMetadata({
    title: t("title"),
    description: t("description"),
    path: paths.catalog(),
    locale: locale as Locale,
  });
}

/**
 * The public catalogue (issue 34 item 3): published courses, searched and filtered by a plain GET
 * form, so it works without JavaScript and every result page has its own address. Rendered on the
 * server; nothing here hydrates.
 */
export default async function CatalogPage({ searchParams }: Props) {
  const [t, params, locale] = await Promise.all([getTranslations("catalog"), searchParams, getLocale()]);
  const { entries, total, pages, query } = await catalogPage(params);
  const link = (page: number) =>
    paths.catalog({ q: query.q, lang: query.lang ?? undefined, type: query.type ?? undefined, page });
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-2xl">
        <h1 className="text-4xl font-extrabold tracking-tight">{t("title")}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{t("subtitle")}</p>
      </header>
      <form method="get" action={paths.catalog()} role="search" className="mt-8 flex flex-wrap items-end gap-3">
        <label className="flex min-w-60 flex-1 flex-col gap-1 text-sm font-medium">
          {t("search")}
          <input
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={100}
            className="h-10 rounded-md border bg-background px-3 text-base"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("language")}
          <select name="lang" defaultValue={query.lang ?? ""} className="h-10 rounded-md border bg-background px-2">
            <option value="">{t("anyLanguage")}</option>
            {COURSE_LANGUAGE_NAMES.map((name) => (
              <option key={name} value={name}>
                {courseLanguageLabel(name, locale)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("type")}
          <select name="type" defaultValue={query.type ?? ""} className="h-10 rounded-md border bg-background px-2">
            <option value="">{t("anyType")}</option>
            <option value="text_image">{t("textImage")}</option>
            <option value="video_text">{t("videoText")}</option>
          </select>
        </label>
        <button type="submit" className="h-10 rounded-md bg-primary px-4 font-medium text-primary-foreground">
          {t("apply")}
        </button>
      </form>
      <p className="mt-6 text-sm text-muted-foreground" role="status">
        {t("results", { count: total })}
      </p>
      {entries.length === 0 ? (
        <p className="mt-6 text-muted-foreground">{t("empty")}</p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="catalog-entries">
          {entries.map((entry) => {
            const text = courseTextAttributes(entry.lang);
            return (
              <li key={entry.id} className="flex flex-col gap-2 rounded-2xl border bg-card p-5 shadow-sm">
                <h2 className="text-lg font-semibold" lang={text.lang} dir={text.dir}>
                  <Link href={paths.catalogCourse(entry.id)} className="hover:underline">
                    {entry.mainTopic}
                  </Link>
                </h2>
                <p className="text-sm text-muted-foreground">{t("by", { name: entry.authorName })}</p>
                <p className="text-sm">
                  {courseLanguageLabel(entry.lang, locale)} ·{" "}
                  {entry.type === "video_text" ? t("videoText") : t("textImage")} ·{" "}
                  {t("lessons", { count: entry.lessonCount })} · {t("learners", { count: entry.learnerCount })}
                </p>
                <Link
                  href={`${paths.catalogCourse(entry.id)}#sample`}
                  className="mt-auto text-sm font-medium text-primary hover:underline"
                  aria-label={`${t("sampleLink")}: ${entry.mainTopic}`}
                >
                  {t("sampleLink")}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t("pages")} className="mt-10 flex items-center justify-between gap-4">
          {query.page > 1 ? <Link href={link(query.page - 1)}>{t("previous")}</Link> : <span />}
          <span className="text-sm text-muted-foreground">{t("pageOf", { page: query.page, pages })}</span>
          {query.page < pages ? <Link href={link(query.page + 1)}>{t("next")}</Link> : <span />}
        </nav>
      )}
    </div>
  );
}
