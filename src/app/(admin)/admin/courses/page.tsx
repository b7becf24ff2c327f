import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { Cell, ListTable, PageHeading, Pagination, SearchForm } from "@/features/admin/components/list-controls";
import { formatDate, readListParams } from "@/features/admin/page-params";
import { listCourses } from "@/features/admin/server";
import { requireAdminPage } from "@/server/auth/session";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin"))("courses") };
}

const ACTION = paths.admin("courses");

export default async function AdminCoursesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdminPage();
  const query = await readListParams(searchParams);
  const [t, locale, page] = await Promise.all([getTranslations("admin"), getLocale(), listCourses(query)]);
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <PageHeading title={t("courses")} />
      <SearchForm action={ACTION} q={query.q} placeholder={t("placeholders.courses")} />
      <ListTable
        label={t("courses")}
        rows={page.items.length}
        empty={query.q ? t("empty.courses") : t("empty.none")}
        head={[
          t("columns.topic"),
          t("columns.owner"),
          t("columns.type"),
          t("columns.language"),
          t("columns.progress"),
          t("columns.created"),
        ]}
      >
        {page.items.map((c) => (
          <tr key={c.id}>
            <Cell>{c.mainTopic}</Cell>
            <Cell>
              <span className="block">{c.ownerName}</span>
              <span className="block break-all text-muted-foreground">{c.ownerEmail}</span>
            </Cell>
            <Cell>{t(`courseTypes.${c.type}`)}</Cell>
            <Cell>{c.lang}</Cell>
            <Cell className="tabular-nums">{c.progress}%</Cell>
            <Cell className="whitespace-nowrap">{formatDate(c.createdAt, locale)}</Cell>
          </tr>
        ))}
      </ListTable>
      <Pagination action={ACTION} q={query.q} page={query.page} limit={query.limit} total={page.total} />
    </div>
  );
}
