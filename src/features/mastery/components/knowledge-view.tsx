import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { paths } from "@/lib/paths";
import { heldBackNotes } from "@/features/review/server";
import { WEAK_BELOW, type Knowledge } from "../service";
import { ReviewsChart, RetentionChart } from "./knowledge-charts";
import { masteryReasonText } from "./mastery-reasons";

/**
 * "What I know" (decision 025), rendered on the server: four figures, two SVG charts with their
 * figures also in a visually hidden table, and the weakest topics with a link to review them.
 */
export async function KnowledgeView({ knowledge }: { knowledge: Knowledge }) {
  const t = await getTranslations("knowledge");
  const tr = await getTranslations("review");
  const tm = await getTranslations("mastery");
  const format = await getFormatter();
  const percent = (value: number | null) =>
    value === null ? t("none") : format.number(value, { style: "percent", maximumFractionDigits: 0 });
  // The days are UTC days (the app's time zone): shown as such.
  const dayLabel = (day: string) =>
    format.dateTime(new Date(`${day}T00:00:00Z`), { day: "numeric", month: "short", timeZone: "UTC" });
  const labels = knowledge.days.map((d) => dayLabel(d.day));
  const reasons = await Promise.all(knowledge.weakest.map((topic) => masteryReasonText(topic.reasons)));
  // Due as the review screen counts it; what the day's caps keep for tomorrow is said under it.
  const heldBack = heldBackNotes(knowledge.heldBack, knowledge.limits, (key, values) => tr(key, values));
  const figures = [
    { label: t("dueNow"), value: t("dueCount", { count: knowledge.dueNow }), id: "due" },
    { label: t("streak"), value: t("streakDays", { count: knowledge.streak }), id: "streak" },
    { label: t("reviews30"), value: format.number(knowledge.reviews30), id: "reviews" },
    {
      label: t("retention30"),
      value: knowledge.retention30 === null ? t("noRetention") : percent(knowledge.retention30),
      id: "retention",
    },
  ];
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
      </header>

      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map((f) => (
          <Card key={f.id} className="space-y-1 p-4" data-testid={`knowledge-${f.id}`}>
            <dt className="text-sm text-muted-foreground">{f.label}</dt>
            <dd className="text-xl font-semibold">{f.value}</dd>
            {f.id === "due" && (
              <dd className="space-y-1 text-sm text-muted-foreground">
                {heldBack.map((note) => (
                  <p key={note} data-testid="knowledge-held-back">
                    {note}
                  </p>
                ))}
                {knowledge.dueNow > 0 && (
                  <Link className="text-primary underline-offset-4 hover:underline" href={paths.review()}>
                    {t("reviewNow")}
                  </Link>
                )}
              </dd>
            )}
          </Card>
        ))}
      </dl>

      <section aria-labelledby="reviews-heading" className="space-y-3">
        <h2 id="reviews-heading" className="text-xl font-semibold">
          {t("reviewsChart")}
        </h2>
        <Card className="p-4">
          <ReviewsChart
            id="reviews-chart"
            days={knowledge.days}
            labels={labels}
            title={t("reviewsChart")}
            desc={t("reviewsChartDesc", { total: knowledge.reviews30 })}
          />
        </Card>
        <h2 className="text-xl font-semibold">{t("retentionChart")}</h2>
        <Card className="p-4">
          <RetentionChart
            id="retention-chart"
            days={knowledge.days}
            labels={labels}
            title={t("retentionChart")}
            desc={t("retentionChartDesc", { percent: percent(knowledge.retention30) })}
          />
        </Card>
        <p className="text-xs text-muted-foreground">{t("timezone")}</p>
        {/* The charts' figures as text, for screen readers. */}
        <table className="sr-only" data-testid="knowledge-table">
          <caption>{t("reviewsChart")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("day")}</th>
              <th scope="col">{t("reviews")}</th>
              <th scope="col">{t("retention")}</th>
            </tr>
          </thead>
          <tbody>
            {knowledge.days.map((d, i) => (
              <tr key={d.day}>
                <th scope="row">{labels[i]}</th>
                <td>{d.reviews}</td>
                <td>{percent(d.retention)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="weakest-heading" className="space-y-3">
        <h2 id="weakest-heading" className="text-xl font-semibold">
          {t("weakest")}
        </h2>
        {knowledge.measured === 0 ? (
          <p className="text-muted-foreground">{t("weakestEmpty")}</p>
        ) : knowledge.weakest.length === 0 ? (
          <p className="text-muted-foreground" data-testid="weakest-none">
            {t("weakestNoneBelow", { threshold: WEAK_BELOW })}
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{t("weakestBelow", { threshold: WEAK_BELOW })}</p>
            <ul className="space-y-3">
              {knowledge.weakest.map((topic, i) => (
                <li key={topic.topicId} data-testid="weak-topic">
                  <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                    <div className="min-w-0 flex-1 space-y-1">
                      <p className="font-medium" dir="auto">
                        {topic.title}
                      </p>
                      <p className="text-sm text-muted-foreground" dir="auto">
                        {t("course", { course: topic.courseTitle })}
                      </p>
                      <p className="text-sm">
                        <span className="font-semibold tabular-nums">{tm("value", { value: topic.value })}</span> ·{" "}
                        {reasons[i]}
                      </p>
                    </div>
                    <Button asChild variant="outline" size="sm" className="shrink-0">
                      <Link href={paths.review({ course: topic.courseId })}>
                        {t("reviewTopic", { topic: topic.title })}
                      </Link>
                    </Button>
                  </Card>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
