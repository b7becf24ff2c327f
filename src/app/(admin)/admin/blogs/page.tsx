import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { ActionButton, FlagToggle } from "@/features/admin/components/action-button";
import { Cell, ListTable, PageHeading, Pagination, SearchForm } from "@/features/admin/components/list-controls";
import { formatDate, readListParams } from "@/features/admin/page-params";
import { listBlogPosts } from "@/features/admin/server";
import { requireAdminPage } from "@/server/auth/session";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin"))("manageBlogs") };
}

const ACTION = paths.admin("blogs");

export default async function AdminBlogsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdminPage();
  const query = await readListParams(searchParams);
  const [t, locale, page] = await Promise.all([getTranslations("admin"), getLocale(), listBlogPosts(query)]);
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <PageHeading title={t("manageBlogs")} />
      <SearchForm action={ACTION} q={query.q} placeholder={t("placeholders.blogs")} />
      <ListTable
        label={t("manageBlogs")}
        rows={page.items.length}
        empty={query.q ? t("empty.blogs") : t("empty.none")}
        head={[
          t("columns.title"),
          t("columns.category"),
          t("columns.language"),
          t("columns.date"),
          t("columns.flags"),
          t("columns.actions"),
        ]}
      >
        {page.items.map((b) => (
          <tr key={b.id}>
            <Cell>
              <span className="block font-medium">{b.title}</span>
              <span className="block text-muted-foreground">{b.excerpt}</span>
            </Cell>
            <Cell>{t(`categories.${b.category}`)}</Cell>
            <Cell>{t(`locales.${b.locale}`)}</Cell>
            <Cell className="whitespace-nowrap">{formatDate(b.createdAt, locale)}</Cell>
            <Cell>
              <div className="space-y-1">
                <FlagToggle
                  id={b.id}
                  flag="featured"
                  label={t("blog.featured")}
                  checked={b.featured}
                  postTitle={b.title}
                />
                <FlagToggle
                  id={b.id}
                  flag="popular"
                  label={t("blog.popular")}
                  checked={b.popular}
                  postTitle={b.title}
                />
              </div>
            </Cell>
            <Cell>
              <div className="flex flex-wrap gap-2">
                <Button asChild size="sm" variant="outline">
                  <Link href={paths.adminBlog(b.id)} aria-label={`${t("blog.edit")}: ${b.title}`}>
                    {t("blog.edit")}
                  </Link>
                </Button>
                <ActionButton
                  label={t("blog.delete")}
                  ariaLabel={`${t("blog.delete")}: ${b.title}`}
                  url="/api/deleteblogs"
                  body={{ id: b.id }}
                  done={t("blog.deleted")}
                  variant="destructive"
                  confirm={{ title: t("blog.deleteTitle", { title: b.title }), description: t("blog.deleteBody") }}
                />
              </div>
            </Cell>
          </tr>
        ))}
      </ListTable>
      <Pagination action={ACTION} q={query.q} page={query.page} limit={query.limit} total={page.total} />
    </div>
  );
}
