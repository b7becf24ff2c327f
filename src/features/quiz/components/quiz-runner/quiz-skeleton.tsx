"use client";

import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";

/** What the quiz page shows before the intro (SPEC 9). */
export function QuizSkeleton() {
  const t = useTranslations("quiz");
  return (
    <main id="main" className="mx-auto w-full max-w-2xl space-y-4 px-4 py-10" aria-busy="true">
      <span className="sr-only" role="status">
        {t("loading")}
      </span>
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-5/6" />
      <Skeleton className="h-11 w-36" />
    </main>
  );
}
