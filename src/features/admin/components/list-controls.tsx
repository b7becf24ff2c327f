import { MoveHorizontalIcon } from "lucide-react";
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

/**
 * A list's table, or the SPEC's empty-search message (or "nothing yet" without a search). On a
 * phone the table is wider than the screen: it scrolls inside its own region (never the page),
 * the region says so (a hint under it, which it names as its description, and a shadow on each
 * edge that has more columns behind it), and it takes keyboard focus so arrows scroll it.
 */
export async function ListTable({
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
  const t = await getTranslations("admin.table");
  const hintId = `table-hint-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <div className="space-y-1.5">
      {/* Above the table, where a phone shows it before the rows; shown where the table rarely fits
          (below md), read as the region's description everywhere. */}
      <p id={hintId} className="flex items-center gap-1.5 text-xs text-muted-foreground md:sr-only">
        <MoveHorizontalIcon className="size-3.5 shrink-0" aria-hidden />
        {t("scrollHint")}
      </p>
      <div
        role="region"
        aria-label={label}
        aria-describedby={hintId}
        tabIndex={0}
        className="scroll-edges-x overflow-x-auto rounded-md border focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        data-testid="list-table"
      >
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
    </div>
  );
}

export function Cell({ children, className }: { children: React.ReactNode; className?: string }) {
  return <td className={`px-3 py-2 align-top ${className ?? ""}`}>{children}</td>;
}
