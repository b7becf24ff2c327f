import { ArrowRightIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { PostCover } from "@/features/site/components/post-cover";
import { PostMeta } from "@/features/site/components/post-meta";
import { pageMetadata } from "@/features/site/seo";
import { arrangeBlog, cachedPostList } from "@/features/site/server";
import type { Locale } from "@/i18n/config";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  const [t, locale] = await Promise.all([getTranslations("blog"), getLocale()]);
  return pageMetadata({
    title: t("title"),
    description: t("description"),
    path: paths.blog(),
    locale: locale as Locale,
  });
}

export default async function BlogPage() {
  const [t, locale] = await Promise.all([getTranslations("blog"), getLocale()]);
  const { featured, latest, popular } = arrangeBlog(await cachedPostList(locale as Locale));
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-2xl">
        <h1 className="text-4xl font-extrabold tracking-tight">{t("title")}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{t("subtitle")}</p>
      </header>
      {!featured ? (
        <p className="mt-10 text-muted-foreground">{t("empty")}</p>
      ) : (
        <>
          <section aria-labelledby="featured-title" className="mt-10" data-testid="featured-post">
            <h2 id="featured-title" className="sr-only">
              {t("featured")}
            </h2>
            <Link
              href={paths.blogPost(featured)}
              className="group grid overflow-hidden rounded-2xl border bg-card shadow-sm md:grid-cols-2"
            >
              <PostCover src={featured.image} sizes="(min-width: 768px) 576px, 100vw" priority />
              <div className="flex flex-col justify-center gap-3 p-6 sm:p-8">
                <span className="text-xs font-semibold tracking-wide text-primary uppercase">{t("featured")}</span>
                <h3 className="text-2xl font-bold tracking-tight group-hover:underline">{featured.title}</h3>
                <p className="text-muted-foreground">{featured.excerpt}</p>
                <PostMeta post={featured} />
              </div>
            </Link>
          </section>
          <div className="mt-14 grid gap-10 lg:grid-cols-[1fr_18rem]">
            <section aria-labelledby="latest-title">
              <h2 id="latest-title" className="text-2xl font-semibold">
                {t("latest")}
              </h2>
              <ul className="mt-6 grid gap-6 sm:grid-cols-2" data-testid="latest-posts">
                {latest.map((post) => (
                  <li key={post.id} className="flex flex-col overflow-hidden rounded-2xl border bg-card shadow-sm">
                    <PostCover src={post.image} sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw" />
                    <div className="flex flex-1 flex-col gap-3 p-5">
                      <PostMeta post={post} />
                      <h3 className="text-lg font-semibold">{post.title}</h3>
                      <p className="flex-1 text-sm text-muted-foreground">{post.excerpt}</p>
                      <Link
                        href={paths.blogPost(post)}
                        className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
                      >
                        {t("readMore")}
                        <span className="sr-only">: {post.title}</span>
                        <ArrowRightIcon className="size-4" aria-hidden />
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
            <aside aria-labelledby="popular-title">
              <h2 id="popular-title" className="text-2xl font-semibold">
                {t("popular")}
              </h2>
              <ul className="mt-6 space-y-4" data-testid="popular-posts">
                {popular.map((post) => (
                  <li key={post.id}>
                    <Link href={paths.blogPost(post)} className="group flex gap-3">
                      <PostCover src={post.image} sizes="96px" className="w-24 shrink-0 rounded-lg" />
                      <span className="flex flex-col gap-1">
                        <span className="text-sm font-medium group-hover:underline">{post.title}</span>
                        <PostMeta post={post} />
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </aside>
          </div>
        </>
      )}
    </div>
  );
}
