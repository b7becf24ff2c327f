import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { ContactForm } from "@/features/site/components/contact-form";
import { JsonLd } from "@/features/site/components/json-ld";
import { pageMetadata } from "@/features/site/seo";
import type { Locale } from "@/i18n/config";
import { paths } from "@/lib/paths";

const FAQ = ["q1", "q2", "q3", "q4"] as const;

export async function generateMetadata(): Promise<Metadata> {
  const [t, locale] = await Promise.all([getTranslations("contact"), getLocale()]);
  return pageMetadata({
    title: t("title"),
    description: t("description"),
    path: paths.contact(),
    locale: locale as Locale,
  });
}

export default async function ContactPage() {
  const t = await getTranslations("contact");
  const faq = FAQ.map((key) => ({ q: t(`faq.items.${key}.q`), a: t(`faq.items.${key}.a`) }));
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "FAQPage",
          mainEntity: faq.map(({ q, a }) => ({
            "@type": "Question",
            name: q,
            acceptedAnswer: { "@type": "Answer", text: a },
          })),
        }}
      />
      <header className="max-w-2xl">
        <h1 className="text-4xl font-extrabold tracking-tight">{t("title")}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{t("subtitle")}</p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <ScopedIntlBoundary namespaces={["contact"]}>
          <ContactForm />
        </ScopedIntlBoundary>
        <section aria-labelledby="faq-title">
          <h2 id="faq-title" className="text-2xl font-semibold">
            {t("faq.title")}
          </h2>
          <dl className="mt-6 space-y-6">
            {faq.map(({ q, a }) => (
              <div key={q}>
                <dt className="font-medium">{q}</dt>
                <dd className="mt-1 text-sm text-muted-foreground">{a}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </div>
  );
}
