import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Cell, ListTable, PageHeading, Pagination, SearchForm } from "@/features/admin/components/list-controls";
import { formatDate, readListParams } from "@/features/admin/page-params";
import { listPaidUsers } from "@/features/admin/server";
import { requireAdminPage } from "@/server/auth/session";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin"))("paidUsers") };
}

const ACTION = paths.admin("paid-users");

export default async function AdminPaidUsersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdminPage();
  const query = await readListParams(searchParams);
  const [t, locale, page] = await Promise.all([getTranslations("admin"), getLocale(), listPaidUsers(query)]);
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <PageHeading title={t("paidUsers")} />
      <SearchForm action={ACTION} q={query.q} placeholder={t("placeholders.paid")} />
      <ListTable
        label={t("paidUsers")}
        rows={page.items.length}
        empty={query.q ? t("empty.users") : t("empty.none")}
        head={[t("columns.name"), t("columns.email"), t("columns.plan"), t("columns.provider"), t("columns.periodEnd")]}
      >
        {page.items.map((p) => (
          <tr key={p.id}>
            <Cell>{p.name}</Cell>
            <Cell className="break-all">{p.email}</Cell>
            <Cell>{t(`plans.${p.plan}`)}</Cell>
            <Cell>
              {p.provider === "admin" ? (
                <Badge variant="secondary">{t("grantedByAdmin")}</Badge>
              ) : (
                (p.provider ?? t("unknownProvider"))
              )}
            </Cell>
            <Cell className="whitespace-nowrap">{p.periodEnd ? formatDate(p.periodEnd, locale) : t("noEnd")}</Cell>
          </tr>
        ))}
      </ListTable>
      <Pagination action={ACTION} q={query.q} page={query.page} limit={query.limit} total={page.total} />
    </div>
  );
}
