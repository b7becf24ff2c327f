"use client";

import { ClipboardCheckIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { paths } from "@/lib/paths";

/** Above a review lesson (after a failed quiz, decision 025): what it is, and the way to the retest. */
export function ReviewNotice({ courseId }: { courseId: string }) {
  const t = useTranslations("remediation");
  return (
    <aside
      className="flex flex-col items-start gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 text-sm sm:flex-row sm:items-center"
      data-testid="review-notice"
    >
      <p className="flex-1">{t("lessonNotice")}</p>
      <Button asChild size="sm">
        <Link href={paths.courseQuiz(courseId, { retest: true })} data-testid="retest-link">
          <ClipboardCheckIcon aria-hidden />
          {t("retestLink")}
        </Link>
      </Button>
    </aside>
  );
}
