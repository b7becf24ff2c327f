"use client";

import { CheckCircle2Icon, Undo2Icon } from "lucide-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { courseTextAttributes } from "@/lib/course-languages";
import { cn } from "@/lib/utils";
import { heldBackNotes } from "../held-back";
import {
  flushGrades,
  formatInterval,
  keepReviewPageOffline,
  loadQueue,
  queuedGrades,
  sendGrade,
  undoGrade,
  type Queue,
  type Rating,
  type ReviewCard,
} from "../review-api";

const MODE_KEY = "aula-review-mode";
type Mode = "full" | "pass-fail";
const BUTTONS: Record<Mode, Rating[]> = { full: [1, 2, 3, 4], "pass-fail": [1, 3] };
const RATING_NAME = { 1: "again", 2: "hard", 3: "good", 4: "easy" } as const;
const RATING_STYLE: Record<Rating, string> = {
  1: "border-red-600/60 text-red-800 dark:text-red-200",
  2: "border-amber-600/60 text-amber-900 dark:text-amber-100",
  3: "border-green-700/60 text-green-900 dark:text-green-100",
  4: "border-sky-700/60 text-sky-900 dark:text-sky-100",
};

type Done = { card: ReviewCard; queued: boolean };

// The mode is the learner's choice on this device: kept in localStorage, read as an external store.
const modeListeners = new Set<() => void>();
const readMode = (): Mode => (localStorage.getItem(MODE_KEY) === "pass-fail" ? "pass-fail" : "full");
function subscribeMode(listener: () => void) {
  modeListeners.add(listener);
  return () => modeListeners.delete(listener);
}
function storeMode(mode: Mode) {
  localStorage.setItem(MODE_KEY, mode);
  modeListeners.forEach((listener) => listener());
}

/**
 * The review screen, as in Anki: the front; Space or Enter shows the back; 1–4 grade it (Again,
 * Hard, Good, Easy, each button with the interval it gives); Ctrl/⌘+Z takes the last grade back.
 * Pass/fail mode shows Again and Good only. Each step is announced (aria-live). Offline, the
 * cards kept today are reviewed and the grades queued (../review-api.ts): the screen says how many
 * wait to be sent, and when they have gone. Due cards the day's caps keep for tomorrow are
 * counted and explained. A card's text takes its course's language and direction.
 */
export function ReviewSession({ courseId }: { courseId?: string }) {
  const t = useTranslations("review");
  const locale = useLocale();
  const format = useFormatter();
  const [cards, setCards] = React.useState<ReviewCard[] | null>(null);
  const [nextDue, setNextDue] = React.useState<string | null>(null);
  const [caps, setCaps] = React.useState<Pick<Queue, "heldBack" | "limits"> | null>(null);
  // Grades waiting in this browser to be sent, and how many went when the connection came back.
  const [pending, setPending] = React.useState(0);
  const [synced, setSynced] = React.useState(0);
  const [offline, setOffline] = React.useState(false);
  const [failed, setFailed] = React.useState(false);
  const [revealed, setRevealed] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const mode = React.useSyncExternalStore(subscribeMode, readMode, () => "full" as Mode);
  const [announcement, setAnnouncement] = React.useState("");
  const history = React.useRef<Done[]>([]);
  const [canUndo, setCanUndo] = React.useState(false);
  const cardRef = React.useRef<HTMLDivElement>(null);
  const keptOffline = React.useRef(false);

  const refresh = React.useCallback(async () => {
    try {
      const queue = await loadQueue(courseId);
      setCards(queue.cards);
      setNextDue(queue.nextDue);
      setCaps(queue.heldBack && queue.limits ? { heldBack: queue.heldBack, limits: queue.limits } : null);
      setOffline(queue.offline);
      setFailed(false);
      // Read online: the page is kept for offline review (once per page: later refreshes change nothing).
      if (!queue.offline && !keptOffline.current) {
        keptOffline.current = true;
        void keepReviewPageOffline();
      }
    } catch {
      setFailed(true);
      setCards([]);
    }
    setRevealed(false);
  }, [courseId]);

  /** Sends what is queued; says how many went, and how many still wait. */
  const flush = React.useCallback(async () => {
    const sent = await flushGrades();
    setPending(queuedGrades().length);
    if (sent > 0) setSynced(sent);
    return sent;
  }, []);

  React.useEffect(() => {
    void (async () => {
      setPending(queuedGrades().length);
      if (queuedGrades().length > 0 && navigator.onLine) await flush();
      await refresh();
    })();
    const online = () => void flush();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [flush, refresh]);

  const current = cards?.[0];

  const reveal = React.useCallback(() => {
    if (!current || revealed) return;
    setRevealed(true);
    setAnnouncement(t("answerShown", { answer: current.back }));
  }, [current, revealed, t]);

  const grade = React.useCallback(
    async (rating: Rating) => {
      if (!current || !revealed || busy) return;
      setBusy(true);
      const { queued } = await sendGrade(current.id, rating);
      setPending(queuedGrades().length);
      if (queued) setSynced(0);
      history.current.push({ card: current, queued });
      setCanUndo(true);
      const rest = cards!.slice(1);
      const interval = formatInterval(current.intervals[`${rating}`], locale);
      setAnnouncement(t("graded", { grade: t(RATING_NAME[rating]), interval }));
      setRevealed(false);
      setBusy(false);
      // Cards graded Again come back within minutes: the server's queue has them again at the end.
      if (rest.length === 0 && !queued) await refresh();
      else setCards(rest);
      cardRef.current?.focus();
    },
    [busy, cards, current, locale, refresh, revealed, t],
  );

  const undo = React.useCallback(async () => {
    const last = history.current.at(-1);
    if (!last || busy) return;
    setBusy(true);
    const { ok } = await undoGrade(last.queued);
    setPending(queuedGrades().length);
    setBusy(false);
    if (!ok) {
      setAnnouncement(t("undoFailed"));
      return;
    }
    history.current.pop();
    setCanUndo(history.current.length > 0);
    setCards((list) => [last.card, ...(list ?? []).filter((card) => card.id !== last.card.id)]);
    setRevealed(false);
    setAnnouncement(t("undone", { front: last.card.front }));
    cardRef.current?.focus();
  }, [busy, t]);

  // An effect event: the listener always sees this render's state. A listener re-added by an
  // effect after each grade missed a key pressed between the new card's paint and that effect
  // (the old one still thought the answer was shown), and Space did nothing.
  const onKey = React.useEffectEvent((event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
      event.preventDefault();
      void undo();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!revealed && (event.key === " " || event.key === "Enter")) {
      // A focused button answers Enter and Space itself.
      if (target?.tagName === "BUTTON" && target.dataset.reviewReveal === undefined) return;
      event.preventDefault();
      reveal();
      return;
    }
    const rating = Number(event.key);
    if (revealed && BUTTONS[mode].includes(rating as Rating)) {
      event.preventDefault();
      void grade(rating as Rating);
    }
  });
  React.useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  // Back to the card after switching, so Space and Enter show the answer again (a focused
  // checkbox would take Space for itself).
  const switchMode = (next: Mode) => {
    storeMode(next);
    cardRef.current?.focus();
  };
  const capNotes = caps ? heldBackNotes(caps.heldBack, caps.limits, (key, values) => t(key, values)) : [];
  const text = current ? courseTextAttributes(current.lang ?? "") : undefined;

  return (
    <section aria-labelledby="review-heading" className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="review-heading" className="text-xl font-semibold">
          {t("sessionTitle")}
        </h2>
        <div className="flex items-center gap-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={mode === "pass-fail"}
              onChange={(event) => switchMode(event.target.checked ? "pass-fail" : "full")}
              data-testid="review-pass-fail"
            />
            {t("passFail")}
          </label>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void undo()}
            disabled={!canUndo || busy}
            data-testid="review-undo"
          >
            <Undo2Icon aria-hidden />
            {t("undo")}
            <kbd className="hidden text-xs text-muted-foreground sm:inline">Ctrl+Z</kbd>
          </Button>
        </div>
      </div>
      <p aria-live="polite" role="status" className="sr-only" data-testid="review-announcement">
        {announcement}
      </p>
      {offline && (
        <p className="rounded-md border bg-muted/40 p-2 text-sm" data-testid="review-offline">
          {t("offline")}
        </p>
      )}
      {/* Queued grades: how many wait, then how many were sent (a status, read out when it changes). */}
      <p role="status" className="text-sm" data-testid="review-sync">
        {pending > 0 ? t("queued", { count: pending }) : synced > 0 ? t("synced", { count: synced }) : ""}
      </p>
      {cards === null ? (
        <p className="text-muted-foreground">{t("loading")}</p>
      ) : failed ? (
        <p role="alert">{t("loadFailed")}</p>
      ) : !current ? (
        <div
          className="flex flex-col items-center gap-2 rounded-lg border p-8 text-center"
          data-testid="review-caught-up"
        >
          <CheckCircle2Icon className="size-10 text-primary" aria-hidden />
          <p className="text-lg font-semibold">{t("caughtUp")}</p>
          <p className="text-muted-foreground">
            {nextDue
              ? t("nextDue", { when: format.dateTime(new Date(nextDue), { dateStyle: "medium", timeStyle: "short" }) })
              : t("noCards")}
          </p>
          {capNotes.map((note) => (
            <p key={note} className="text-sm text-muted-foreground" data-testid="review-held-back">
              {note}
            </p>
          ))}
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" data-testid="review-left">
            {t("left", { count: cards.length })}
          </p>
          {capNotes.map((note) => (
            <p key={note} className="text-sm text-muted-foreground" data-testid="review-held-back">
              {note}
            </p>
          ))}
          <div
            ref={cardRef}
            tabIndex={-1}
            className="min-h-48 rounded-lg border bg-card p-6 text-card-foreground shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            data-testid="review-card"
          >
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t("front")}</p>
            <p className="mt-1 text-lg whitespace-pre-wrap" data-testid="review-front" {...text}>
              {current.front}
            </p>
            {revealed && (
              <>
                <hr className="my-4" />
                <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t("back")}</p>
                <p className="mt-1 text-lg whitespace-pre-wrap" data-testid="review-back" {...text}>
                  {current.back}
                </p>
              </>
            )}
          </div>
          {!revealed ? (
            <Button
              size="lg"
              className="h-14 w-full text-base"
              onClick={reveal}
              data-review-reveal=""
              data-testid="review-reveal"
            >
              {t("showAnswer")}
              <kbd className="hidden text-xs opacity-80 sm:inline">{t("spaceKey")}</kbd>
            </Button>
          ) : (
            <div
              role="group"
              aria-label={t("gradeGroup")}
              className={cn("grid gap-2", mode === "full" ? "grid-cols-2 sm:grid-cols-4" : "grid-cols-2")}
            >
              {BUTTONS[mode].map((rating) => (
                <Button
                  key={rating}
                  variant="outline"
                  className={cn("h-16 flex-col gap-0.5 text-base", RATING_STYLE[rating])}
                  onClick={() => void grade(rating)}
                  disabled={busy}
                  aria-keyshortcuts={String(rating)}
                  data-testid={`review-grade-${rating}`}
                >
                  <span className="font-semibold">{t(RATING_NAME[rating])}</span>
                  <span className="text-xs">
                    {formatInterval(current.intervals[`${rating}`], locale)} · {rating}
                  </span>
                </Button>
              ))}
            </div>
          )}
          <p className="hidden text-xs text-muted-foreground sm:block">{t("shortcuts")}</p>
        </>
      )}
    </section>
  );
}
