"use client";

import { RotateCcwIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** No new questions could be written for a retest: said plainly, with the regular quiz to take instead. */
export function NoFreshQuestions({
  message,
  onRegular,
  busy,
}: {
  message: string;
  onRegular: () => void;
  busy?: boolean;
}) {
  const t = useTranslations("remediation");
  return (
    <div role="alert" className="space-y-3 rounded-lg border p-4" data-testid="quiz-no-fresh">
      <p>{message || t("noFreshQuestions")}</p>
      <Button onClick={onRegular} disabled={busy} data-testid="quiz-regular">
        <RotateCcwIcon aria-hidden />
        {t("regularQuiz")}
      </Button>
    </div>
  );
}
