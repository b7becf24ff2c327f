import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { Cell, ListTable, PageHeading, Pagination, SearchForm } from "@/features/admin/components/list-controls";
import { auditMessageKey, formatDateTime, readListParams, refusedCode } from "@/features/admin/page-params";
import { listAudit } from "@/features/admin/server";
import { requireAdminPage } from "@/server/auth/session";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin"))("activity") };
}

const ACTION = paths.admin("activity");

/** The audit log: who did (or tried, and was refused) what to what, and when, newest first. */
export default async function AdminActivityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdminPage();
  const query = await readListParams(searchParams);
  const [t, locale, page] = await Promise.all([getTranslations("admin"), getLocale(), listAudit(query)]);
  const actionLabel = (action: string) => {
    const key = `actions.${auditMessageKey(action)}`;
    return t.has(key as never) ? t(key as never) : action;
  };
  // A flag's new value is the one detail the target does not already say.
  const detail = (details: unknown) => {
    const d = details as { flag?: "popular" | "featured"; value?: boolean } | null;
    return d?.flag ? t(d.value ? "flagOn" : "flagOff", { flag: t(`blog.${d.flag}`) }) : "";
  };
  // A refused attempt: who tried what, and why it was refused (its error code's reason).
  const refusal = (details: unknown) => {
    const code = refusedCode(details);
    if (!code) return null;
    const key = `refusals.${auditMessageKey(code)}`;
    return t("refusedBecause", { reason: t.has(key as never) ? t(key as never) : code });
  };
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <PageHeading title={t("activity")} />
      <SearchForm action={ACTION} q={query.q} placeholder={t("placeholders.activity")} />
      <ListTable
        label={t("activity")}
        rows={page.items.length}
        empty={query.q ? t("empty.activity") : t("empty.none")}
        head={[t("columns.when"), t("columns.actor"), t("columns.action"), t("columns.target")]}
      >
        {page.items.map((a) => {
          const refused = refusal(a.details);
          return (
            <tr key={a.id}>
              <Cell className="whitespace-nowrap">{formatDateTime(a.createdAt, locale)}</Cell>
              <Cell className="break-all">{a.actorEmail}</Cell>
              <Cell>
                {actionLabel(a.action)}
                {refused ? <span className="mt-1 block text-xs font-medium text-destructive">{refused}</span> : null}
              </Cell>
              <Cell>
                {a.target}
                {detail(a.details) ? <span className="block text-muted-foreground">{detail(a.details)}</span> : null}
              </Cell>
            </tr>
          );
        })}
      </ListTable>
      <Pagination action={ACTION} q={query.q} page={query.page} limit={query.limit} total={page.total} />
    </div>
  );
}
