import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { ActionButton } from "@/features/admin/components/action-button";
import { Cell, ListTable, PageHeading, Pagination, SearchForm } from "@/features/admin/components/list-controls";
import { readListParams } from "@/features/admin/page-params";
import { listUsers } from "@/features/admin/server";
import { requireAdminPage } from "@/server/auth/session";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin"))("admins") };
}

const ACTION = paths.admin("admins");

/** The admins; the Super admin is shown as Super with no remove action (the server refuses it too). */
export default async function AdminAdminsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdminPage();
  const query = await readListParams(searchParams);
  const [t, page] = await Promise.all([getTranslations("admin"), listUsers(query, ["super", "admin"])]);
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <PageHeading title={t("admins")} />
      <SearchForm action={ACTION} q={query.q} placeholder={t("placeholders.admins")} />
      <ListTable
        label={t("admins")}
        rows={page.items.length}
        empty={query.q ? t("empty.users") : t("empty.none")}
        head={[t("columns.name"), t("columns.email"), t("columns.role"), t("columns.actions")]}
      >
        {page.items.map((a) => (
          <tr key={a.id}>
            <Cell>{a.name}</Cell>
            <Cell className="break-all">{a.email}</Cell>
            <Cell>
              {a.role === "super" ? (
                <Badge>{t("roles.super")}</Badge>
              ) : (
                <Badge variant="secondary">{t("roles.admin")}</Badge>
              )}
            </Cell>
            <Cell>
              {a.role === "super" ? (
                <span className="text-muted-foreground">{t("superBadge")}</span>
              ) : (
                <ActionButton
                  label={t("removeAdmin")}
                  ariaLabel={`${t("removeAdmin")}: ${a.email}`}
                  url="/api/removeadmin"
                  body={{ email: a.email }}
                  done={t("removed")}
                  variant="destructive"
                  confirm={{
                    title: t("removeAdminTitle", { name: a.name }),
                    description: t("removeAdminBody", { email: a.email }),
                  }}
                />
              )}
            </Cell>
          </tr>
        ))}
      </ListTable>
      <Pagination action={ACTION} q={query.q} page={query.page} limit={query.limit} total={page.total} />
    </div>
  );
}
