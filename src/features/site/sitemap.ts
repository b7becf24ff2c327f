import "server-only";
import type { MetadataRoute } from "next";
import { defaultLocale } from "@/i18n/config";
import { loadPostList } from "./blog";
import { POLICY_PAGES } from "./policies";
import { siteUrl } from "./seo";
import { areas, paths } from "@/lib/paths";

/**
 * Every public page search engines may list, with absolute URLs from APP_URL. The UI language
 * lives in a cookie, not the URL, so each page has one address. Certificates and shared courses
 * are left out: nothing marks one as made public by its owner yet.
 */
export async function siteMap(): Promise<MetadataRoute.Sitemap> {
  const fixed: MetadataRoute.Sitemap = [
    { url: siteUrl(paths.home()), changeFrequency: "weekly", priority: 1 },
    { url: siteUrl(paths.about()), changeFrequency: "monthly", priority: 0.6 },
    { url: siteUrl(paths.contact()), changeFrequency: "yearly", priority: 0.5 },
    { url: siteUrl(paths.blog()), changeFrequency: "daily", priority: 0.8 },
    ...Object.values(POLICY_PAGES).map((kind) => ({
      url: siteUrl(paths.policy(kind)),
      changeFrequency: "yearly" as const,
      priority: 0.3,
    })),
  ];
  const posts = await loadPostList(defaultLocale);
  return [
    ...fixed,
    ...posts.map((post) => ({
      url: siteUrl(paths.blogPost(post)),
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
        areas.dashboard,
        areas.course,
        areas.admin,
        "/api/",
        areas.paymentSuccess,
        areas.paymentPending,
        areas.paymentFailed,
        areas.resetPassword,
        areas.confirmEmail,
      ],
    },
    sitemap: siteUrl("/sitemap.xml"),
    host: new URL(siteUrl("/")).host,
  };
}
