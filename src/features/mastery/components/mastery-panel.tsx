import { getTranslations } from "next-intl/server";
import type { CourseTextAttributes } from "@/lib/course-languages";
import { cn } from "@/lib/utils";
import type { TopicMastery } from "../mastery";
import { masteryReasonText } from "./mastery-reasons";

/** The bar's colour by level: the number and the words say it too, so colour is never alone. */
function tone(value: number): string {
  if (value < 50) return "bg-red-600 dark:bg-red-500";
  if (value < 80) return "bg-amber-500";
  return "bg-emerald-600 dark:bg-emerald-500";
}

/**
 * Per-topic mastery on the course page (decision 025), rendered on the server: each topic's
 * figure out of 100 as text and as a bar (the bar is decoration; the text is what is read), and
 * the reasons behind it. Topics without evidence say so instead of showing 0.
 */
export async function MasteryPanel({ topics, text }: { topics: TopicMastery[]; text: CourseTextAttributes }) {
  const t = await getTranslations("mastery");
  const reasons = await Promise.all(topics.map((topic) => masteryReasonText(topic.reasons)));
  return (
    <section aria-label={t("title")} className="space-y-3 border-t pt-4" data-testid="mastery">
      <div className="space-y-1 px-2">
        <h2 className="text-sm font-semibold">{t("title")}</h2>
        <p className="text-xs text-muted-foreground">{t("intro")}</p>
      </div>
      <ul className="space-y-3 px-2">
        {topics.map((topic, i) => (
          <li key={topic.topicId} className="space-y-1" data-testid="mastery-topic" data-value={topic.value ?? ""}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span {...text} className="min-w-0 flex-1 text-start font-medium">
                {topic.title}
              </span>
              {topic.value !== null ? (
                <span className="shrink-0 text-xs tabular-nums">{t("value", { value: topic.value })}</span>
              ) : null}
            </div>
            {topic.value !== null ? (
              <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
                <div className={cn("h-full rounded-full", tone(topic.value))} style={{ width: `${topic.value}%` }} />
              </div>
            ) : null}
            <p className="text-xs text-muted-foreground">{reasons[i]}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
