import { ADMIN_PAGE_SIZE, listQuerySchema, type ListQuery } from "./schemas";

type SearchParams = Record<string, string | string[] | undefined>;

/** A list page's `q` and `page` from its URL; anything malformed reads as the first page, unsearched. */
export async function readListParams(searchParams: Promise<SearchParams>): Promise<ListQuery> {
  const raw = await searchParams;
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const parsed = listQuerySchema.safeParse({ q: first(raw.q), page: first(raw.page), limit: String(ADMIN_PAGE_SIZE) });
  const query = parsed.success ? parsed.data : { q: "", page: 1, limit: ADMIN_PAGE_SIZE };
  return { ...query, q: query.q.trim() };
}

export function formatDate(value: Date | string | null, locale: string): string {
  if (!value) return "";
  return new Intl.DateTimeFormat(locale === "pt" ? "pt-BR" : "en-US", { dateStyle: "medium" }).format(new Date(value));
}

export function formatDateTime(value: Date | string, locale: string): string {
  return new Intl.DateTimeFormat(locale === "pt" ? "pt-BR" : "en-US", {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(value));
}

/**
 * An audit row's action ("blog.flag") or refusal code ("admin:super-protected") as its message
 * key: "blogFlag", "adminSuperProtected".
 */
export function auditMessageKey(value: string): string {
  return value.replace(/[.:-](\w)/g, (_, c: string) => c.toUpperCase());
}

/** A refused attempt's error code, from its audit row's details (`{ refused: "admin:super-protected" }`), or null. */
export function refusedCode(details: unknown): string | null {
  const refused = (details as { refused?: unknown } | null)?.refused;
  return typeof refused === "string" && refused ? refused : null;
}
