import { BotIcon, FileDownIcon, LanguagesIcon, LayoutListIcon, ListChecksIcon, SparklesIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { SectionHeading } from "./section-heading";

/** The SPEC's six features, in its order. */
const FEATURES = [
  { key: "ai", Icon: SparklesIcon },
  { key: "types", Icon: LayoutListIcon },
  { key: "quiz", Icon: ListChecksIcon },
  { key: "languages", Icon: LanguagesIcon },
  { key: "tutor", Icon: BotIcon },
  { key: "export", Icon: FileDownIcon },
] as const;

/** `languagePlans`: the names of the plans that get every course language ("Monthly and Annual"). */
export async function Features({ languagePlans }: { languagePlans: string }) {
  const t = await getTranslations("landing.features");
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="features-title" title={t("title")} subtitle={t("subtitle")} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className="rounded-2xl border bg-card p-6 shadow-sm">
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(`items.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(`items.${key}.text`, { plans: languagePlans })}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
