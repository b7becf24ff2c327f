import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { JsonLd } from "@/features/site/components/json-ld";
import { organizationJsonLd, pageMetadata } from "@/features/site/seo";
import type { Locale } from "@/i18n/config";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  const [t, locale] = await Promise.all([getTranslations("about"), getLocale()]);
  return pageMetadata({
    title: t("title"),
    description: t("description"),
    path: paths.about(),
    locale: locale as Locale,
  });
}

export default async function AboutPage() {
  const t = await getTranslations("about");
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
      <JsonLd data={organizationJsonLd()} />
      <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{t("title")}</h1>
      <h2 className="mt-10 text-2xl font-semibold">{t("mission")}</h2>
      <div className="mt-4 space-y-4 text-lg leading-8 text-muted-foreground">
        <p>{t("p1")}</p>
        <p>{t("p2")}</p>
        <p>{t("p3")}</p>
      </div>
      <div className="mt-10 flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link href={paths.signup()}>{t("getStarted")}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href={paths.contact()}>{t("contactUs")}</Link>
        </Button>
      </div>
    </article>
  );
}
