import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import type { itemAnalysisOf, learnersOf } from "../service";
import { courseTextAttributes } from "@/lib/course-languages";
import { paths } from "@/lib/paths";

type Report = Awaited<ReturnType<typeof learnersOf>>;
type Analysis = NonNullable<Awaited<ReturnType<typeof itemAnalysisOf>>>;

/** The columns a teacher may sort learners by. */
export const SORTS = ["name", "progress", "lastActive", "bestMark"] as const;
export type Sort = (typeof SORTS)[number];

type Row = Report["learners"][number];
type Cell = Row["courses"][number];

const byColumn: Record<Sort, (a: Cell & { name: string }, b: Cell & { name: string }) => number> = {
  name: (a, b) => a.name.localeCompare(b.name),
  progress: (a, b) => a.progress - b.progress,
  lastActive: (a, b) => (a.lastActive ?? "").localeCompare(b.lastActive ?? ""),
  bestMark: (a, b) => (a.bestMark ?? -1) - (b.bestMark ?? -1),
};

/**
 * The teacher's view of a class (issue 34 item 5): a table per course given to it, one row per
 * learner, those who need help first, then by the chosen column (links, so it sorts without
 * script). Server-rendered; nothing here hydrates.
 */
export async function TeacherView({ report, sort, classId }: { report: Report; sort: Sort; classId: string }) {
  const [t, locale] = await Promise.all([getTranslations("classes"), getLocale()]);
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso))
      : t("never");
  const headers: { key: Sort | null; label: string }[] = [
    { key: "name", label: t("learner") },
    { key: "progress", label: t("progress") },
    { key: "lastActive", label: t("lastActive") },
    { key: "bestMark", label: t("bestMark") },
    { key: null, label: t("attempts") },
    { key: null, label: t("mastery") },
    { key: null, label: t("cardsDue") },
    { key: null, label: t("certificate") },
    { key: null, label: t("needsHelp") },
  ];
  if (report.learners.length === 0) return <p className="text-muted-foreground">{t("noLearners")}</p>;
  return (
    <div className="space-y-8">
      {report.assignments.map((assignment) => {
        const text = courseTextAttributes(assignment.lang);
        const rows = report.learners
          .map((learner) => ({
            learner,
            cell: { ...learner.courses.find((c) => c.courseId === assignment.courseId)!, name: learner.name },
          }))
          .sort(
            (a, b) =>
              Number(b.learner.needsHelp.length > 0) - Number(a.learner.needsHelp.length > 0) ||
              (sort === "name" ? 1 : -1) * byColumn[sort](a.cell, b.cell) ||
              a.learner.name.localeCompare(b.learner.name),
          );
        const captionId = `view-${assignment.courseId}`;
        return (
          <div key={assignment.courseId} className="space-y-2">
            <div className="overflow-x-auto rounded-lg border">
              <table className="w-full min-w-[56rem] text-sm" aria-labelledby={captionId} data-testid="teacher-view">
                <caption id={captionId} className="p-3 text-start font-semibold">
                  <span {...text}>{assignment.mainTopic}</span>
                </caption>
                <thead className="bg-muted/50 text-start">
                  <tr>
                    {headers.map((header) => (
                      <th
                        key={header.label}
                        scope="col"
                        className="px-3 py-2 text-start font-medium"
                        aria-sort={header.key === sort ? (sort === "name" ? "ascending" : "descending") : undefined}
                      >
                        {header.key ? (
                          <Link
                            href={paths.classPage(classId, { sort: header.key })}
                            className="underline-offset-2 hover:underline"
                            aria-label={t("sortBy", { column: header.label })}
                          >
                            {header.label}
                          </Link>
                        ) : (
                          header.label
                        )}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map(({ learner, cell }) => (
                    <tr key={learner.userId} className="border-t align-top" data-testid="teacher-row">
                      <th scope="row" className="px-3 py-2 text-start font-medium">
                        {learner.name}
                        <span className="block text-xs font-normal text-muted-foreground">{learner.email}</span>
                      </th>
                      <td className="px-3 py-2">{cell.progress}%</td>
                      <td className="px-3 py-2">{when(cell.lastActive)}</td>
                      <td className="px-3 py-2">{cell.bestMark ?? "–"}</td>
                      <td className="px-3 py-2">{cell.attempts}</td>
                      <td className="px-3 py-2">
                        {/* The topics are the course's words; the figures read the same in any language. */}
                        <ul className="space-y-0.5" {...text}>
                          {cell.mastery.map((m) => (
                            <li key={m.topic}>
                              {m.topic}: {m.value ?? "–"}
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td className="px-3 py-2">{cell.cardsDue}</td>
                      <td className="px-3 py-2">{cell.certificate ? t("yes") : t("no")}</td>
                      <td className="px-3 py-2">
                        <ul className="space-y-0.5 text-destructive">
                          {learner.needsHelp.map((reason) => (
                            <li key={reason}>{t(`help.${reason}`)}</li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Link
              href={`${paths.classPage(classId, { sort, items: assignment.courseId })}#items`}
              className="text-sm font-medium text-primary hover:underline"
            >
              {t("items")}: <span {...text}>{assignment.mainTopic}</span>
            </Link>
          </div>
        );
      })}
    </div>
  );
}

const percent = (value: number | null) => (value === null ? "–" : `${Math.round(value * 100)}%`);

/** One quiz's item analysis: each question's right share, discrimination, options chosen and flags. */
export async function ItemAnalysis({ analysis, classId }: { analysis: Analysis; classId: string }) {
  const t = await getTranslations("classes");
  const text = courseTextAttributes(analysis.course.lang);
  return (
    <section id="items" aria-labelledby="items-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="items-heading" className="text-xl font-semibold">
          {t("itemsFor")} <span {...text}>{analysis.course.title}</span>
        </h2>
        <a
          href={`/api/classes/${encodeURIComponent(classId)}/items.csv?courseId=${encodeURIComponent(analysis.course.id)}`}
          className="text-sm font-medium text-primary hover:underline"
          download
        >
          {t("downloadCsv")}
        </a>
      </div>
      <p className="text-sm text-muted-foreground">
        {t("itemsHint")} {t("itemsLearners", { count: analysis.learners })}
      </p>
      {analysis.learners === 0 ? (
        <p className="text-muted-foreground">{t("itemsNone")}</p>
      ) : (
        <ol className="space-y-4" data-testid="item-analysis">
          {analysis.questions.map((q) => (
            <li key={q.index} className="space-y-2 rounded-lg border p-4">
              <p className="font-medium">
                {q.index + 1}. <span {...text}>{q.text}</span>
              </p>
              <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                <div className="flex gap-1">
                  <dt className="text-muted-foreground">{t("correctRate")}</dt>
                  <dd data-testid="correct-rate">{percent(q.correctRate)}</dd>
                </div>
                <div className="flex gap-1">
                  <dt className="text-muted-foreground">{t("discrimination")}</dt>
                  <dd>{q.discrimination === null ? "–" : q.discrimination.toFixed(2)}</dd>
                </div>
                {q.flags.length > 0 ? (
                  <div className="flex gap-1">
                    <dt className="text-muted-foreground">{t("flags")}</dt>
                    <dd className="font-medium text-destructive">{q.flags.map((f) => t(`flag.${f}`)).join(", ")}</dd>
                  </div>
                ) : null}
              </dl>
              <ul className="space-y-1 text-sm" aria-label={t("options")}>
                {q.options.map((option, i) => (
                  <li key={i} className="flex items-center gap-2">
                    <span className="w-8 text-end tabular-nums">{option.chosen}</span>
                    <span className={option.correct ? "font-semibold" : undefined}>
                      {String.fromCharCode(65 + i)}. <span {...text}>{option.text}</span>
                      {option.correct ? <span className="sr-only"> ({t("right")})</span> : null}
                      {option.correct ? <span aria-hidden> ✓</span> : null}
                    </span>
                  </li>
                ))}
                {q.unanswered > 0 ? (
                  <li className="text-muted-foreground">{t("unanswered", { count: q.unanswered })}</li>
                ) : null}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
