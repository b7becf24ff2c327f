/**
 * "What I know" figures, without I/O (decision 025). Days are UTC days, as the app's dates are
 * (src/i18n/request.ts formats in UTC): the app knows no user's time zone.
 */

export const WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of a date's UTC day. */
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The start of the UTC day `offset` days from `now`'s. */
export function utcDayStart(now: Date, offset = 0): Date {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(start + offset * DAY_MS);
}

/** The last `count` UTC days, oldest first, ending today. */
function lastDays(now: Date, count = WINDOW_DAYS): string[] {
  return Array.from({ length: count }, (_, i) => utcDay(utcDayStart(now, i - count + 1)));
}

/**
 * Consecutive days with at least one review, ending today, or yesterday when today has none yet
 * (the streak is not lost before the day is over). `days` are the days with reviews.
 */
export function streakOf(days: Iterable<string>, now: Date): number {
  const set = new Set(days);
  let offset = set.has(utcDay(now)) ? 0 : -1;
  let streak = 0;
  while (set.has(utcDay(utcDayStart(now, offset)))) {
    streak += 1;
    offset -= 1;
  }
  return streak;
}

export type DayStats = { day: string; reviews: number; matured: number; remembered: number };

/** Each of the window's days (no gaps) with its reviews and retention (null without reviews of learned cards). */
export function dailySeries(rows: DayStats[], now: Date, count = WINDOW_DAYS) {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return lastDays(now, count).map((day) => {
    const row = byDay.get(day);
    return {
      day,
      reviews: row?.reviews ?? 0,
      retention: row && row.matured > 0 ? row.remembered / row.matured : null,
    };
  });
}

/** Retention over all the rows: remembered / reviews of learned cards, null when there are none. */
export function retentionOf(rows: DayStats[]): number | null {
  const matured = rows.reduce((n, r) => n + r.matured, 0);
  return matured > 0 ? rows.reduce((n, r) => n + r.remembered, 0) / matured : null;
}
