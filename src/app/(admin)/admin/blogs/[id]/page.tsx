import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { BlogForm } from "@/features/admin/components/blog-form";
import { PageHeading } from "@/features/admin/components/list-controls";
import { findBlogPostForEdit } from "@/features/admin/server";
import { isUuid } from "@/lib/ids";
import { requireAdminPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin"))("blog.editTitle") };
}

export default async function AdminEditBlogPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdminPage();
  const { id } = await params;
  const post = isUuid(id) ? await findBlogPostForEdit(id) : null;
  if (!post) notFound();
  const [t, locale] = await Promise.all([getTranslations("admin"), getLocale()]);
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <PageHeading title={t("blog.editTitle")} />
      <ScopedIntlBoundary namespaces={["admin", "notes", "common"]}>
        <BlogForm
          defaultLocale={locale === "en" ? "en" : "pt"}
          post={{
            id: post.id,
            title: post.title,
            excerpt: post.excerpt,
            category: post.category,
            tags: post.tags,
            locale: post.locale,
            content: post.content,
            coverUrl: post.hasImage ? `/api/blog/${post.id}/image` : null,
          }}
        />
      </ScopedIntlBoundary>
    </div>
  );
}
