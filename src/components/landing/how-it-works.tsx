import { getTranslations } from "next-intl/server";
import { SectionHeading } from "./section-heading";

const STEPS = ["topics", "preferences", "language", "magic"] as const;

/** `languagePlans`: the names of the plans that get every course language ("Monthly and Annual"). */
export async function HowItWorks({ languagePlans }: { languagePlans: string }) {
  const t = await getTranslations("landing.howItWorks");
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-20 bg-muted/40 px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="how-title" title={t("title")} subtitle={t("subtitle")} />
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((key, index) => (
            <li key={key} className="rounded-2xl border bg-background p-6">
              <span
                className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                aria-hidden
              >
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold">{t(`steps.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(`steps.${key}.text`, { plans: languagePlans })}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
