/**
 * The words that explain why due cards wait for tomorrow (decision 031): shown wherever due cards
 * are counted (the review screen, its per-course summary and "What I know"), from the counts the
 * one definition of "due" gives (rules.ts `withinCaps`). Works with the server's and the
 * browser's translators alike.
 */
export type HeldBackCounts = { seen: number; fresh: number };
export type DailyLimits = { newPerDay: number; reviewsPerDay: number };
type Say = (key: "heldBackNew" | "heldBackSeen", values: { count: number; limit: number }) => string;

/** One sentence per cap that holds cards back, new cards first; none when nothing waits. */
export function heldBackNotes(heldBack: HeldBackCounts, limits: DailyLimits, say: Say): string[] {
  const notes: string[] = [];
  if (heldBack.fresh > 0) notes.push(say("heldBackNew", { count: heldBack.fresh, limit: limits.newPerDay }));
  if (heldBack.seen > 0) notes.push(say("heldBackSeen", { count: heldBack.seen, limit: limits.reviewsPerDay }));
  return notes;
}
