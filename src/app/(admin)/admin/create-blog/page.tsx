import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { BlogForm } from "@/features/admin/components/blog-form";
import { PageHeading } from "@/features/admin/components/list-controls";
import { requireAdminPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin"))("createBlog") };
}

export default async function AdminCreateBlogPage() {
  await requireAdminPage();
  const [t, locale] = await Promise.all([getTranslations("admin"), getLocale()]);
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <PageHeading title={t("createBlog")} />
      <ScopedIntlBoundary namespaces={["admin", "notes", "common"]}>
        <BlogForm defaultLocale={locale === "en" ? "en" : "pt"} />
      </ScopedIntlBoundary>
    </div>
  );
}
