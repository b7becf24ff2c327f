import { GraduationCapIcon } from "lucide-react";
import type { ExportDocument } from "../document";
import type { ExportLabels } from "../labels";

/**
 * The PDF's cover page: the Aula brand, the course's title with its type, language (named in
 * the reader's language) and size, and the day it was exported. The UI's words sit inside a
 * document in the course's language and direction, so each line carries the UI's `lang` and
 * takes its own direction.
 */
export function PrintCover(props: {
  course: Pick<ExportDocument["course"], "mainTopic" | "type" | "lang">;
  lessonCount: number;
  locale: string;
  labels: ExportLabels;
  exportedAt: Date;
}) {
  const { course, labels, locale } = props;
  return (
    <section className="print-title-page" data-testid="print-cover">
      <p className="print-cover-brand" lang={locale} dir="auto">
        <span className="print-cover-mark" aria-hidden>
          <GraduationCapIcon />
        </span>
        Aula
      </p>
      <div className="print-cover-main">
        <p className="print-cover-kicker" lang={locale} dir="auto">
          {labels.courseType(course.type)}
        </p>
        <h1>{course.mainTopic}</h1>
        <p lang={locale} dir="auto">
          {labels.language(course.lang)}
        </p>
        <p lang={locale} dir="auto">
          {labels.lessonCount(props.lessonCount)}
        </p>
      </div>
      <p className="print-cover-foot" lang={locale} dir="auto">
        {labels.coverDate(props.exportedAt)} · {labels.coverMadeWith}
      </p>
    </section>
  );
}
