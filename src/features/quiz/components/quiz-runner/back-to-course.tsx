"use client";

import { ArrowLeftIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { paths } from "@/lib/paths";

/** The way back to the course from the intro and the results (an attempt asks first: leave-quiz-dialog.tsx). */
export function BackToCourse({ courseId }: { courseId: string }) {
  const t = useTranslations("quiz");
  return (
    <Button variant="ghost" size="sm" asChild>
      <Link href={paths.course(courseId)}>
        <ArrowLeftIcon aria-hidden />
        {t("backToCourse")}
      </Link>
    </Button>
  );
}
