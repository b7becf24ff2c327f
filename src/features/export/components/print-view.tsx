import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/config";
import { CitationList } from "@/features/learning/server";
import { withCitationPrefix } from "@/lib/citations";
import { type ExportDocument, youtubeWatchUrl } from "../document";
import { exportLabels } from "../labels";
import { PrintCover } from "./print-cover";

/**
 * The course as one printable document (SPEC section 9): a title page, an Index with links and
 * page numbers, then every topic and lesson; lessons not completed carry the SPEC's placeholder.
 * The server prints it with Chromium (page.pdf); a browser prints the same page itself. The
 * Index's number cells (data-page-of) stay empty here: the server's printer writes the numbers
 * into the printed file (pdf-index-numbers.ts).
 */
export async function PrintView({
  doc,
  langCode,
  dir,
  fontStack,
}: {
  doc: ExportDocument;
  langCode: string;
  dir: "rtl" | "ltr";
  fontStack: string;
}) {
  const [t, locale] = await Promise.all([getTranslations("export"), getLocale() as Promise<Locale>]);
  const { course } = doc;
  const lessonCount = doc.topics.reduce((n, topic) => n + topic.lessons.length, 0);
  return (
    <article lang={langCode} dir={dir} className="print-doc" style={{ fontFamily: fontStack }} data-testid="print-view">
      <PrintCover
        course={course}
        lessonCount={lessonCount}
        locale={locale}
        labels={exportLabels(locale)}
        exportedAt={new Date()}
      />
      <nav className="print-index" aria-labelledby="print-index-title">
        <h2 id="print-index-title">{t("index")}</h2>
        <ol>
          {doc.topics.map((topic) => (
            <li key={topic.id}>
              <a href={`#topic-${topic.id}`} className="print-index-entry print-index-topic">
                <span>{topic.title}</span>
                <span className="print-page-number" data-page-of={`topic-${topic.id}`} />
              </a>
              <ol>
                {topic.lessons.map((lesson) => (
                  <li key={lesson.id}>
                    <a href={`#lesson-${lesson.id}`} className="print-index-entry">
                      <span>{lesson.title}</span>
                      <span className="print-page-number" data-page-of={`lesson-${lesson.id}`} />
                    </a>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
      </nav>
      {doc.topics.map((topic) => (
        <section key={topic.id} className="print-topic" aria-labelledby={`topic-${topic.id}`}>
          <h2 id={`topic-${topic.id}`}>{topic.title}</h2>
          {topic.lessons.map((lesson) => (
            <section key={lesson.id} className="print-lesson" aria-labelledby={`lesson-${lesson.id}`}>
              <h3 id={`lesson-${lesson.id}`}>{lesson.title}</h3>
              {!lesson.completed ? (
                <p className="print-placeholder" dir="auto">
                  {t("notCompleted", { title: lesson.title })}
                </p>
              ) : (
                <>
                  {lesson.youtubeId ? (
                    <p dir="auto">
                      {t("video")} <a href={youtubeWatchUrl(lesson.youtubeId)}>{youtubeWatchUrl(lesson.youtubeId)}</a>
                    </p>
                  ) : lesson.imageUrl ? (
                    <figure>
                      {/* Any host or inline data: the printer fetches only this course's pictures. */}
                      {/* eslint-disable-next-line @next/next/no-img-element */}
                      <img src={lesson.imageUrl} alt={t("imageAlt", { title: lesson.title })} />
                      {lesson.imageAttribution ? (
                        <figcaption>{t("imageBy", { attribution: lesson.imageAttribution })}</figcaption>
                      ) : null}
                    </figure>
                  ) : null}
                  {/* Sanitized on the server before it was stored (src/server/html/sanitize.ts). */}
                  <div
                    className="print-theory"
                    // Each lesson's citation links go to its own list (ids unique in the document).
                    dangerouslySetInnerHTML={{ __html: withCitationPrefix(lesson.theory, lesson.id) }}
                  />
                  <CitationList
                    citations={lesson.citations}
                    text={{ lang: langCode, dir }}
                    heading={t("sources")}
                    headingId={`sources-${lesson.id}`}
                    itemLabel={(n) => t("citationTitle", { n })}
                    prefix={lesson.id}
                    level={4}
                  />
                </>
              )}
            </section>
          ))}
        </section>
      ))}
    </article>
  );
}
