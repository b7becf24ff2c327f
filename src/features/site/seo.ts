import "server-only";
import type { Metadata } from "next";
import type { Locale } from "@/i18n/config";
import { env } from "@/server/env";
import { paths } from "@/lib/paths";

/** An absolute address on the public site, from APP_URL (canonical URLs, sitemap, JSON-LD). */
export function siteUrl(path = "/"): string {
  return new URL(path, env().APP_URL).toString();
}

const OG_LOCALES: Record<Locale, string> = { pt: "pt_BR", en: "en_US" };

/**
 * A public page's metadata in the page's language: title, description, the canonical URL and
 * the Open Graph / Twitter cards, whose picture is the site's card or the post's (`/api/og`).
 */
export function pageMetadata(input: {
  title: string;
  description: string;
  path: string;
  locale: Locale;
  article?: { publishedTime: string; modifiedTime: string; section: string; tags: string[] };
  /** The post whose card to show; the site's card otherwise. */
  postId?: string;
}): Metadata {
  const url = siteUrl(input.path);
  const images = [
    {
      // The card speaks the page's language: a crawler fetches it without the page's cookie.
      url: siteUrl(
        `/api/og?${new URLSearchParams({ ...(input.postId ? { post: input.postId } : {}), lang: input.locale })}`,
      ),
      width: 1200,
      height: 630,
      alt: input.title,
    },
  ];
  return {
    title: input.title,
    description: input.description,
    alternates: { canonical: url },
    openGraph: {
      title: input.title,
      description: input.description,
      url,
      siteName: "Aula",
      locale: OG_LOCALES[input.locale],
      images,
      ...(input.article ? { type: "article", ...input.article } : { type: "website" }),
    },
    twitter: { card: "summary_large_image", title: input.title, description: input.description, images },
  };
}

/** The organisation behind the site, for JSON-LD (landing, about, posts' publisher). */
export function organizationJsonLd() {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "Aula",
    url: siteUrl("/"),
    logo: siteUrl("/icon.svg"),
    contactPoint: { "@type": "ContactPoint", contactType: "customer support", url: siteUrl(paths.contact()) },
  };
}
