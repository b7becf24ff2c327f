import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import type { Locale } from "@/i18n/config";
import { cachedPolicies, POLICY_PAGES, type PolicyPath } from "../policies";
import { pageMetadata } from "../seo";
import { RichText } from "./rich-text";
import { paths } from "@/lib/paths";

export async function policyMetadata(path: PolicyPath): Promise<Metadata> {
  const [t, locale] = await Promise.all([getTranslations("policies"), getLocale()]);
  const kind = POLICY_PAGES[path];
  return pageMetadata({
    title: t(`titles.${kind}`),
    description: t(`descriptions.${kind}`),
    path: paths.policy(kind),
    locale: locale as Locale,
  });
}

/** One of the five legal pages: the admin's text in the visitor's language (else the other), server-rendered. */
export async function PolicyPage({ path }: { path: PolicyPath }) {
  const [t, locale] = await Promise.all([getTranslations("policies"), getLocale()]);
  const kind = POLICY_PAGES[path];
  const html = (await cachedPolicies(locale as Locale))[kind];
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t(`titles.${kind}`)}</h1>
      {html ? <RichText html={html} className="mt-8" /> : <p className="mt-8 text-muted-foreground">{t("empty")}</p>}
      <footer className="mt-12 flex flex-wrap items-center gap-3 border-t pt-6">
        <p className="text-sm text-muted-foreground">
          {t("questions")}{" "}
          <Link href={paths.contact()} className="font-medium text-primary underline-offset-4 hover:underline">
            {t("contact")}
          </Link>
        </p>
        <Button asChild variant="outline" className="ml-auto">
          <Link href={paths.home()}>{t("backHome")}</Link>
        </Button>
      </footer>
    </article>
  );
}
