import { SettingsIcon, SparklesIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DemoBanner } from "@/components/demo-banner";
import { Button } from "@/components/ui/button";
import { GenerateCourse } from "@/features/generation/components/generate-course";
import { isPaidPlan } from "@/features/plans/client";
import { coursesLeftThisMonth } from "@/features/generation/server";
import { getAiConfig } from "@/server/ai/model";
import { requireUserPage } from "@/server/auth/session";
import { env } from "@/server/env";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("generate"))("title") };
}

export default async function GenerateCoursePage() {
  const user = await requireUserPage();
  const t = await getTranslations("generate");
  const [aiConfig, left] = await Promise.all([getAiConfig(), coursesLeftThisMonth(user)]);
  const settings = env();
  const limit = settings.FREE_COURSES_PER_MONTH;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
      {settings.DEMO_MODE === "true" && <DemoBanner text={t("demoBanner")} />}

      {!aiConfig ? (
        <section aria-labelledby="ai-missing" className="space-y-3 rounded-xl border bg-card p-6">
          <h2 id="ai-missing" className="flex items-center gap-2 text-lg font-semibold">
            <SettingsIcon className="size-5" aria-hidden />
            {t("notConfiguredTitle")}
          </h2>
          <p className="text-muted-foreground">{t("notConfiguredText")}</p>
          <ul className="list-disc space-y-2 pl-5 text-sm">
            <li>{t("notConfiguredOpenai")}</li>
            <li>{t("notConfiguredCompatible")}</li>
            <li>{t("notConfiguredOthers")}</li>
            <li>{t("notConfiguredOllama")}</li>
            <li data-testid="demo-hint">
              {t.rich("notConfiguredDemo", {
                code: (chunks) => <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{chunks}</code>,
              })}
            </li>
          </ul>
        </section>
      ) : left === 0 ? (
        <section aria-labelledby="limit-reached" className="space-y-3 rounded-xl border bg-card p-6">
          <h2 id="limit-reached" className="text-lg font-semibold">
            {t("limitTitle")}
          </h2>
          <p className="text-muted-foreground">{t("limitText", { limit })}</p>
          <Button asChild>
            <Link href={paths.pricing()}>
              <SparklesIcon aria-hidden />
              {t("seePlans")}
            </Link>
          </Button>
        </section>
      ) : (
        <>
          {left !== null && (
            <p className="text-sm text-muted-foreground" data-testid="courses-left">
              {t("coursesLeft", { left, limit })}
            </p>
          )}
          <GenerateCourse paid={isPaidPlan(user.plan)} />
        </>
      )}
    </div>
  );
}
