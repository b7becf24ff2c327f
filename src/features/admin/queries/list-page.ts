import "server-only";
import { or, sql, type SQL } from "drizzle-orm";
import { listLane } from "@/server/db/lane";
import type { ListQuery } from "../schemas";

/** What every admin list shares: one page of rows with the total, and the search. */

export type Page<T> = { items: T[]; total: number; page: number; limit: number };

/** `%…%` for ILIKE with the caller's own `%`, `_` and `\` taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SPEC 5 "Admin search": trimmed and case-insensitive. Null when there is nothing to search. */
export function searchTerm(q: string): string | null {
  const trimmed = q.trim();
  return trimmed ? trimmed : null;
}

export function anyContains(pattern: string, columns: SQL[]): SQL {
  return or(...columns.map((column) => sql`${column} ilike ${pattern}`))!;
}

/** The search over these columns, or nothing when the query has no search term. */
export function searchAcross(q: string, columns: SQL[]): SQL | undefined {
  const term = searchTerm(q);
  return term ? anyContains(containsPattern(term), columns) : undefined;
}

export const offsetOf = (query: ListQuery) => (query.page - 1) * query.limit;

export async function paged<T>(
  query: ListQuery,
  rows: Promise<T[]>,
  total: Promise<{ n: number }[]>,
): Promise<Page<T>> {
  // Drizzle's queries run when awaited: inside the lane, so a burst of pages queues here.
  const [items, [counted]] = await listLane(() => Promise.all([rows, total]));
  return { items, total: Number(counted?.n ?? 0), page: query.page, limit: query.limit };
}
