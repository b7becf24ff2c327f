import { ArrowLeftIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { JsonLd } from "@/features/site/components/json-ld";
import { PostCover } from "@/features/site/components/post-cover";
import { PostMeta } from "@/features/site/components/post-meta";
import { RichText } from "@/features/site/components/rich-text";
import { organizationJsonLd, pageMetadata, siteUrl } from "@/features/site/seo";
import { cachedPost } from "@/features/site/server";
import { paths } from "@/lib/paths";

type Params = { params: Promise<{ id: string; slug?: string[] }> };

/** One read per request, shared by the metadata and the page. */
const postFor = cache((id: string) => cachedPost(id));

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const post = await postFor((await params).id);
  if (!post) return { title: (await getTranslations("blog"))("notFound.title"), robots: { index: false } };
  return pageMetadata({
    title: post.title,
    description: post.excerpt,
    path: paths.blogPost(post),
    locale: post.locale,
    postId: post.id,
    article: {
      publishedTime: post.createdAt,
      modifiedTime: post.updatedAt,
      section: post.category,
      tags: post.tags
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    },
  });
}

export default async function BlogPostPage({ params }: Params) {
  const [{ id }, t] = await Promise.all([params, getTranslations("blog")]);
  const post = await postFor(id);
  if (!post) notFound();
  const url = siteUrl(paths.blogPost(post));
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16" lang={post.locale}>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.excerpt,
          image: post.image ? siteUrl(post.image) : undefined,
          datePublished: post.createdAt,
          dateModified: post.updatedAt,
          author: { "@type": "Organization", name: "Aula", url: siteUrl("/") },
          publisher: organizationJsonLd(),
          mainEntityOfPage: url,
          inLanguage: post.locale === "pt" ? "pt-BR" : "en",
          keywords: post.tags || undefined,
        }}
      />
      <Link
        href={paths.blog()}
        className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        {t("back")}
      </Link>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{post.title}</h1>
      <div className="mt-4">
        <PostMeta post={post} />
      </div>
      <PostCover src={post.image} sizes="(min-width: 768px) 720px, 100vw" priority className="mt-8 rounded-2xl" />
      <RichText html={post.content} className="mt-8" />
    </article>
  );
}
