import "server-only";
import type { MetadataRoute } from "next";
import { listPublicCourses } from "@/features/courses/server";
import { defaultLocale } from "@/i18n/config";
import { loadPostList } from "./blog";
import { POLICY_PAGES } from "./policies";
import { siteUrl } from "./seo";
import { areas, paths } from "@/lib/paths";

/** A sitemap holds at most 50,000 addresses; the most recently changed public courses go first. */
const SITEMAP_COURSES = 40_000;

/**
 * Every public page search engines may list, with absolute URLs from APP_URL. The UI language
 * lives in a cookie, not the URL, so each page has one address. The catalogue's courses are
 * listed (their owners published them); certificates and share links are not (their owners gave
 * them to someone, not to search engines).
 */
export async function siteMap(): Promise<MetadataRoute.Sitemap> {
  const fixed: MetadataRoute.Sitemap = [
    { url: siteUrl(paths.home()), changeFrequency: "weekly", priority: 1 },
    { url: siteUrl(paths.about()), changeFrequency: "monthly", priority: 0.6 },
    { url: siteUrl(paths.contact()), changeFrequency: "yearly", priority: 0.5 },
    { url: siteUrl(paths.blog()), changeFrequency: "daily", priority: 0.8 },
    { url: siteUrl(paths.catalog()), changeFrequency: "daily", priority: 0.8 },
    ...Object.values(POLICY_PAGES).map((kind) => ({
      url: siteUrl(paths.policy(kind)),
      changeFrequency: "yearly" as const,
      priority: 0.3,
    })),
  ];
  const [posts, courses] = await Promise.all([loadPostList(defaultLocale), listPublicCourses(SITEMAP_COURSES)]);
  return [
    ...fixed,
    ...courses.map((course) => ({
      url: siteUrl(paths.catalogCourse(course.id)),
      lastModified: course.updatedAt,
      changeFrequency: "weekly" as const,
      priority: 0.6,
    })),
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
