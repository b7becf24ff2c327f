import { QuoteIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { SectionHeading } from "./section-heading";

const VOICES = ["teacher", "student", "creator"] as const;

/** Marketing copy, said to be example voices on the page itself: there are no real quotes to show. */
export async function Testimonials() {
  const t = await getTranslations("landing.testimonials");
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-20 px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="testimonials-title" title={t("title")} subtitle={t("note")} />
        <ul className="grid gap-6 md:grid-cols-3">
          {VOICES.map((key) => (
            <li key={key}>
              <figure className="flex h-full flex-col rounded-2xl border bg-card p-6 shadow-sm">
                <QuoteIcon className="size-6 text-primary" aria-hidden />
                <blockquote className="mt-3 flex-1 text-sm">{t(`items.${key}.quote`)}</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-semibold">{t(`items.${key}.name`)}</span>
                  <span className="text-muted-foreground"> · {t(`items.${key}.role`)}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
