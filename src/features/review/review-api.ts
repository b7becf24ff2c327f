"use client";

/**
 * The review screen's browser side: the API calls, interval labels, and offline review as notes
 * work offline (src/features/export/offline.ts): the day's cards are kept in localStorage when
 * fetched, grades given without a connection are queued there and sent in order once online.
 * Both keys are cleared with every other offline copy when the session ends (offline-storage.ts).
 * Each grade carries a UUID (`gradeId`) made when it is given, so sending it twice (a lost
 * answer, a queue flushed from two tabs) grades once; a queued grade also says when it was given.
 */
import { offlineStorageClaimed } from "@/lib/offline-owner-claim";
import { REVIEW_CARDS_KEY, REVIEW_GRADES_KEY } from "@/lib/offline-storage";

export type Rating = 1 | 2 | 3 | 4;
export type ReviewCard = {
  id: string;
  courseId: string;
  front: string;
  back: string;
  intervals: Record<`${Rating}`, number>;
  isNew: boolean;
  /** The course's language name: the card's text takes its `lang` and direction. */
  lang: string;
};
export type Queue = {
  cards: ReviewCard[];
  nextDue: string | null;
  doneToday: number;
  /** Due cards the day's caps keep for tomorrow, and the caps (for the words that say so). */
  heldBack: { seen: number; fresh: number };
  limits: { newPerDay: number; reviewsPerDay: number };
};
/** `gradeId` is missing from grades queued before it existed: they are sent without one. */
type QueuedGrade = { cardId: string; rating: Rating; at: number; gradeId?: string };

/** A new grade's id: a random UUID (crypto.randomUUID needs a secure context; getRandomValues does not). */
function newGradeId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** "10 min", "4 dias": the interval in the locale's own short units. */
export function formatInterval(seconds: number, locale: string): string {
  const minutes = seconds / 60;
  const unit = (value: number, name: "minute" | "hour" | "day" | "month" | "year") =>
    new Intl.NumberFormat(locale, {
      style: "unit",
      unit: name,
      unitDisplay: "narrow",
      maximumFractionDigits: 1,
    }).format(value);
  if (minutes < 1) return `<${unit(1, "minute")}`;
  if (minutes < 60) return unit(Math.round(minutes), "minute");
  const hours = minutes / 60;
  if (hours < 24) return unit(Math.round(hours), "hour");
  const days = hours / 24;
  if (days < 30) return unit(Math.round(days), "day");
  if (days < 365) return unit(Math.round(days / 30), "month");
  return unit(Math.round((days / 365) * 10) / 10, "year");
}

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or off: review still works online
  }
}

const scopeOf = (courseId?: string) => courseId ?? "all";

/** The queue from the server; offline, the cards kept the last time, less those graded since. */
export async function loadQueue(courseId?: string): Promise<Queue & { offline: boolean }> {
  const url = courseId ? `/api/review/queue?courseId=${encodeURIComponent(courseId)}` : "/api/review/queue";
  try {
    const response = await fetch(url, { cache: "no-store" });
    if (!response.ok) throw new Error(`queue: ${response.status}`);
    const queue = (await response.json()) as Queue;
    const kept = read<Record<string, Queue>>(REVIEW_CARDS_KEY, {});
    write(REVIEW_CARDS_KEY, { ...kept, [scopeOf(courseId)]: queue });
    return { ...queue, offline: false };
  } catch (error) {
    const kept = read<Record<string, Queue>>(REVIEW_CARDS_KEY, {})[scopeOf(courseId)];
    if (!kept) throw error;
    const graded = new Set(queuedGrades().map((g) => g.cardId));
    return { ...kept, cards: kept.cards.filter((card) => !graded.has(card.id)), offline: true };
  }
}

export function queuedGrades(): QueuedGrade[] {
  return read<QueuedGrade[]>(REVIEW_GRADES_KEY, []);
}

function writeGrades(grades: QueuedGrade[]): void {
  if (grades.length === 0) localStorage.removeItem(REVIEW_GRADES_KEY);
  else write(REVIEW_GRADES_KEY, grades);
}

/** A grade's request: `reviewedAt` only for a grade sent later than it was given. */
function postGrade(grade: QueuedGrade, late: boolean): Promise<Response> {
  return fetch(`/api/review/${encodeURIComponent(grade.cardId)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      rating: grade.rating,
      ...(grade.gradeId ? { gradeId: grade.gradeId } : {}),
      ...(late ? { reviewedAt: new Date(grade.at).toISOString() } : {}),
    }),
  });
}

/**
 * Asks the offline worker (public/sw.js) to keep this review page and the scripts it runs on, so
 * it opens offline from its address and the sidebar. The worker stores a page it sees loaded, but
 * a page reached from the sidebar is drawn by the router without one; the page names the scripts
 * it loaded (the worker cannot see those it did not fetch itself). Waits for this session's claim
 * of the offline data, so nothing is stored under another's.
 */
export async function keepReviewPageOffline(): Promise<void> {
  if (!("serviceWorker" in navigator) || !("caches" in window)) return;
  try {
    await offlineStorageClaimed();
    const worker = navigator.serviceWorker.controller ?? (await navigator.serviceWorker.ready).active;
    const assets = performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith("/_next/static/"))
      .map((url) => url.pathname);
    worker?.postMessage({ type: "aula-keep-review-page", url: location.pathname + location.search, assets });
  } catch {
    // No worker: review still works online.
  }
}

/** Grades a card; without a connection the grade is queued. */
export async function sendGrade(cardId: string, rating: Rating): Promise<{ queued: boolean }> {
  const grade: QueuedGrade = { cardId, rating, at: Date.now(), gradeId: newGradeId() };
  // Grades queued earlier go first, so the server sees them in the order they were given.
  if (queuedGrades().length > 0) await flushGrades();
  if (queuedGrades().length === 0) {
    try {
      const response = await postGrade(grade, false);
      if (response.status < 500) return { queued: false };
    } catch {
      // offline: queued below
    }
  }
  // Queued with its id: if the request did reach the server, sending it again grades nothing twice.
  writeGrades([...queuedGrades(), grade]);
  return { queued: true };
}

/** Takes back a grade: a queued one leaves the queue; a sent one is undone on the server. */
export async function undoGrade(queued: boolean): Promise<{ ok: boolean }> {
  if (queued) {
    writeGrades(queuedGrades().slice(0, -1));
    return { ok: true };
  }
  try {
    const response = await fetch("/api/review/undo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    return { ok: response.ok };
  } catch {
    return { ok: false };
  }
}

const sameGrade = (a: QueuedGrade, b: QueuedGrade) =>
  a.gradeId ? a.gradeId === b.gradeId : a.cardId === b.cardId && a.at === b.at && a.rating === b.rating;

let flushing: Promise<number> | null = null;

async function sendQueued(): Promise<number> {
  let sent = 0;
  for (const grade of queuedGrades()) {
    try {
      const response = await postGrade(grade, true);
      if (response.status >= 500) return sent;
    } catch {
      return sent;
    }
    // Sent, or refused for good (a card deleted meanwhile): either way it leaves the queue.
    writeGrades(queuedGrades().filter((queued) => !sameGrade(queued, grade)));
    sent++;
  }
  return sent;
}

/**
 * Sends the queued grades in order, each with when it was given; stops at the first that cannot
 * go (still offline). One flush at a time in a page: the "online" event and a new grade both ask.
 */
export function flushGrades(): Promise<number> {
  // Cleared in a callback, which runs after the assignment even when nothing was queued.
  flushing ??= sendQueued().finally(() => {
    flushing = null;
  });
  return flushing;
}
