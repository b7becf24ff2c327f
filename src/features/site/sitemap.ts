import "server-only";
import type { MetadataRoute } from "next";
import { defaultLocale } from "@/i18n/config";
import { loadPostList } from "./blog";
import { postPath } from "./blog-paths";
import { POLICY_PAGES } from "./policies";
import { siteUrl } from "./seo";

/**
 * Every public page search engines may list, with absolute URLs from APP_URL. The UI language
 * lives in a cookie, not the URL, so each page has one address. Certificates and shared courses
 * are left out: nothing marks one as made public by its owner yet.
 */
export async function siteMap(): Promise<MetadataRoute.Sitemap> {
  const fixed: MetadataRoute.Sitemap = [
    { url: siteUrl("/"), changeFrequency: "weekly", priority: 1 },
    { url: siteUrl("/about"), changeFrequency: "monthly", priority: 0.6 },
    { url: siteUrl("/contact"), changeFrequency: "yearly", priority: 0.5 },
    { url: siteUrl("/blog"), changeFrequency: "daily", priority: 0.8 },
    ...Object.keys(POLICY_PAGES).map((path) => ({
      url: siteUrl(`/${path}`),
      changeFrequency: "yearly" as const,
      priority: 0.3,
    })),
  ];
  const posts = await loadPostList(defaultLocale);
  return [
    ...fixed,
    ...posts.map((post) => ({
      url: siteUrl(postPath(post)),
      lastModified: post.updatedAt,
      changeFrequency: "monthly" as const,
      priority: 0.7,
      ...(post.image ? { images: [siteUrl(post.image)] } : {}),
    })),
  ];
}

/** Crawlers may read the public site; the signed-in app, the admin panel and the API are not pages to list. */
export function robotsRules(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      // Share cards and covers are public pictures social networks and image search must fetch.
      allow: ["/", "/api/og", "/api/blog/"],
      disallow: [
        "/dashboard",
        "/course",
        "/admin",
        "/api/",
        "/payment-success",
        "/payment-pending",
        "/payment-failed",
        "/reset-password",
        "/confirm-email",
      ],
    },
    sitemap: siteUrl("/sitemap.xml"),
    host: new URL(siteUrl("/")).host,
  };
}
