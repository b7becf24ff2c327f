import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { Features } from "@/components/landing/features";
import { FinalCta } from "@/components/landing/final-cta";
import { Hero } from "@/components/landing/hero";
import { HowItWorks } from "@/components/landing/how-it-works";
import { SectionHeading } from "@/components/landing/section-heading";
import { Testimonials } from "@/components/landing/testimonials";
import { plansWithEveryLanguage } from "@/features/plans/client";
import { PlanCards } from "@/features/plans/server";
import { JsonLd } from "@/features/site/components/json-ld";
import { organizationJsonLd, pageMetadata } from "@/features/site/seo";
import type { Locale } from "@/i18n/config";

export async function generateMetadata(): Promise<Metadata> {
  const [t, locale] = await Promise.all([getTranslations("meta"), getLocale()]);
  const metadata = pageMetadata({
    title: t("title"),
    description: t("description"),
    path: "/",
    locale: locale as Locale,
  });
  // The landing page's title stands alone, without the layout's "· Aula" suffix.
  return { ...metadata, title: { absolute: t("title") } };
}

export default async function LandingPage() {
  const [t, tp, locale] = await Promise.all([
    getTranslations("landing.pricing"),
    getTranslations("plans"),
    getLocale(),
  ]);
  // "Monthly and Annual": the plans that get every course language, by their advertised names.
  const languagePlans = new Intl.ListFormat(locale, { type: "conjunction" }).format(
    plansWithEveryLanguage().map((plan) => tp(`name.${plan}`)),
  );
  return (
    <>
      <JsonLd data={organizationJsonLd()} />
      <Hero languagePlans={languagePlans} />
      <Features languagePlans={languagePlans} />
      <HowItWorks languagePlans={languagePlans} />
      <Testimonials />
      <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-muted/40 px-4 py-20 sm:px-6">
        <div className="mx-auto max-w-6xl">
          <SectionHeading id="pricing-title" title={t("title")} subtitle={t("subtitle")} />
          <PlanCards />
        </div>
      </section>
      <FinalCta />
    </>
  );
}
