import { getTranslations } from "next-intl/server";
import type { MasteryReason } from "../mastery";

/** The reasons behind a mastery figure, worded in the UI language: "missed 2 of 3 in the quiz, reviewed 4 days ago". */
export async function masteryReasonText(reasons: MasteryReason[]): Promise<string> {
  const t = await getTranslations("mastery");
  if (reasons.length === 0) return t("noData");
  return reasons
    .map((r) => {
      if (r.kind === "quiz")
        return r.missed === 0
          ? t("quizAllRight", { total: r.total })
          : t("quizMissed", { missed: r.missed, total: r.total });
      if (r.kind === "cards") return t("cardsRecall", { count: r.count, percent: r.percent });
      return t("reviewedAgo", { days: r.days });
    })
    .join(", ");
}
