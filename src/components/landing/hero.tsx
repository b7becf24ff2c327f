import { SparklesIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { paths } from "@/lib/paths";

/** `languagePlans`: the names of the plans that get every course language ("Monthly and Annual"). */
export async function Hero({ languagePlans }: { languagePlans: string }) {
  const t = await getTranslations("landing.hero");
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,theme(colors.indigo.500/15%),transparent_60%)]"
      />
      <div className="relative mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-20 text-center sm:py-28">
        <span className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
          <SparklesIcon className="size-3.5 text-primary" aria-hidden />
          {t("badge", { plans: languagePlans })}
        </span>
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">{t("title")}</h1>
        <p className="max-w-2xl text-lg text-balance text-muted-foreground">{t("subtitle")}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            {/* A new visitor signs up (Log in is one link away there) and lands on Generate; someone
                signed in goes straight there. */}
            <Link href={paths.signup({ callbackUrl: paths.generateCourse() })}>{t("cta")}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
