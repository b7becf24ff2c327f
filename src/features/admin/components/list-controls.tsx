import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** A search box that works without JavaScript: a GET form, so the search is the page's URL. */
export async function SearchForm({ q, placeholder, action }: { q: string; placeholder: string; action: string }) {
  const t = await getTranslations("admin.search");
  return (
    <form role="search" method="get" action={action} className="flex max-w-xl items-center gap-2">
      <label htmlFor="admin-search" className="sr-only">
        {t("label")}
      </label>
      <Input id="admin-search" type="search" name="q" defaultValue={q} placeholder={placeholder} maxLength={200} />
      <Button type="submit">{t("button")}</Button>
      {q ? (
        <Button asChild variant="ghost">
          <Link href={action}>{t("clear")}</Link>
        </Button>
      ) : null}
    </form>
  );
}

function pageHref(action: string, q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${action}?${query}` : action;
}

/** Previous / next links under a list, with where the reader is. */
export async function Pagination({
  action,
  q,
  page,
  limit,
  total,
}: {
  action: string;
  q: string;
  page: number;
  limit: number;
  total: number;
}) {
  const t = await getTranslations("admin.pagination");
  const pages = Math.max(1, Math.ceil(total / limit));
  if (total <= limit && page === 1) return null;
  return (
    <nav aria-label={t("label")} className="flex items-center justify-between gap-2 text-sm">
      <p className="text-muted-foreground">{t("status", { page, pages, total })}</p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link href={pageHref(action, q, page - 1)} rel="prev">
              {t("previous")}
            </Link>
          </Button>
        ) : null}
        {page < pages ? (
          <Button asChild variant="outline" size="sm">
            <Link href={pageHref(action, q, page + 1)} rel="next">
              {t("next")}
            </Link>
          </Button>
        ) : null}
      </div>
    </nav>
  );
}

export function PageHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {children ? <div className="text-muted-foreground">{children}</div> : null}
    </div>
  );
}

/** A list's table, or the SPEC's empty-search message (or "nothing yet" without a search). */
export function ListTable({
  label,
  head,
  empty,
  children,
  rows,
}: {
  label: string;
  head: string[];
  empty: string;
  children: React.ReactNode;
  rows: number;
}) {
  if (rows === 0) return <p className="rounded-md border p-6 text-center text-muted-foreground">{empty}</p>;
  return (
    // A table wider than the screen scrolls: the region takes keyboard focus so it can be scrolled without a mouse.
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-md border">
      <table className="w-full text-left text-sm">
        <thead className="bg-muted/50">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}

export function Cell({ children, className }: { children: React.ReactNode; className?: string }) {
  return <td className={`px-3 py-2 align-top ${className ?? ""}`}>{children}</td>;
}
