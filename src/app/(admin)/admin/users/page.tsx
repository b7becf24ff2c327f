import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { ActionButton } from "@/features/admin/components/action-button";
import { Cell, ListTable, PageHeading, Pagination, SearchForm } from "@/features/admin/components/list-controls";
import { formatDate, readListParams } from "@/features/admin/page-params";
import { listUsers } from "@/features/admin/server";
import { isPaidPlan } from "@/features/plans/client";
import { requireAdminPage } from "@/server/auth/session";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin"))("users") };
}

const ACTION = paths.admin("users");

export default async function AdminUsersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdminPage();
  const query = await readListParams(searchParams);
  const [t, locale, page] = await Promise.all([getTranslations("admin"), getLocale(), listUsers(query)]);
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <PageHeading title={t("users")} />
      <SearchForm action={ACTION} q={query.q} placeholder={t("placeholders.users")} />
      <ListTable
        label={t("users")}
        rows={page.items.length}
        empty={query.q ? t("empty.users") : t("empty.none")}
        head={[
          t("columns.name"),
          t("columns.email"),
          t("columns.plan"),
          t("columns.role"),
          t("columns.joined"),
          t("columns.courses"),
          t("columns.actions"),
        ]}
      >
        {page.items.map((u) => (
          <tr key={u.id}>
            <Cell>{u.name}</Cell>
            <Cell className="break-all">{u.email}</Cell>
            <Cell>
              <Badge variant={isPaidPlan(u.plan) ? "default" : "secondary"}>{t(`plans.${u.plan}`)}</Badge>
            </Cell>
            <Cell>{t(`roles.${u.role}`)}</Cell>
            <Cell className="whitespace-nowrap">{formatDate(u.createdAt, locale)}</Cell>
            <Cell className="tabular-nums">{u.courses}</Cell>
            <Cell>
              {u.role === "user" ? (
                <ActionButton
                  label={t("makeAdmin")}
                  ariaLabel={`${t("makeAdmin")}: ${u.email}`}
                  url="/api/addadmin"
                  body={{ email: u.email }}
                  done={t("promoted")}
                  confirm={{
                    title: t("makeAdminTitle", { name: u.name }),
                    description: t("makeAdminBody", { email: u.email }),
                  }}
                />
              ) : null}
            </Cell>
          </tr>
        ))}
      </ListTable>
      <Pagination action={ACTION} q={query.q} page={query.page} limit={query.limit} total={page.total} />
    </div>
  );
}
