import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ActionButton } from "@/features/admin/components/action-button";
import { Cell, ListTable, PageHeading, Pagination, SearchForm } from "@/features/admin/components/list-controls";
import { formatDate, readListParams } from "@/features/admin/page-params";
import { listContacts } from "@/features/admin/server";
import { requireAdminPage } from "@/server/auth/session";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin"))("contacts") };
}

const ACTION = paths.admin("contacts");

/** A reply is the admin's own mail program: a mailto: link with the subject filled in. */
function mailto(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`;
}

export default async function AdminContactsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdminPage();
  const query = await readListParams(searchParams);
  const [t, subjects, locale, page] = await Promise.all([
    getTranslations("admin"),
    getTranslations("contact.subjects"),
    getLocale(),
    listContacts(query),
  ]);
  // The stored value ("support") as the contact form words it; one not offered is shown as stored.
  const subjectLabel = (subject: string) =>
    subjects.has(subject as Parameters<typeof subjects.has>[0])
      ? subjects(subject as Parameters<typeof subjects>[0])
      : subject;
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <PageHeading title={t("contacts")} />
      <SearchForm action={ACTION} q={query.q} placeholder={t("placeholders.contacts")} />
      <ListTable
        label={t("contacts")}
        rows={page.items.length}
        empty={query.q ? t("empty.contacts") : t("empty.none")}
        head={[
          t("columns.name"),
          t("columns.email"),
          t("columns.subject"),
          t("columns.message"),
          t("columns.date"),
          t("columns.status"),
          t("columns.actions"),
        ]}
      >
        {page.items.map((c) => (
          <tr key={c.id}>
            <Cell>{c.name}</Cell>
            <Cell className="break-all">{c.email}</Cell>
            <Cell>{subjectLabel(c.subject)}</Cell>
            <Cell className="max-w-sm whitespace-pre-wrap">{c.message}</Cell>
            <Cell className="whitespace-nowrap">{formatDate(c.createdAt, locale)}</Cell>
            <Cell>{c.handledAt ? <Badge variant="secondary">{t("handled")}</Badge> : <Badge>{t("open")}</Badge>}</Cell>
            <Cell>
              <div className="flex flex-wrap gap-2">
                <Button asChild size="sm">
                  <a
                    href={mailto(c.email, t("replySubject", { subject: subjectLabel(c.subject) }))}
                    aria-label={`${t("reply")}: ${c.email}`}
                  >
                    {t("reply")}
                  </a>
                </Button>
                {c.handledAt ? null : (
                  <ActionButton
                    label={t("markHandled")}
                    ariaLabel={`${t("markHandled")}: ${c.email}`}
                    url="/api/admin/contact-handled"
                    body={{ id: c.id }}
                    done={t("markedHandled")}
                  />
                )}
              </div>
            </Cell>
          </tr>
        ))}
      </ListTable>
      <Pagination action={ACTION} q={query.q} page={query.page} limit={query.limit} total={page.total} />
    </div>
  );
}
