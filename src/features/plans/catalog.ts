import "server-only";
import { env } from "@/server/env";
import type { Plan } from "./rules";

/** One advertised plan: its price in minor units and how often it is charged. */
export type PlanOffer = { id: Plan; priceMinor: number; currency: string; interval: "month" | "year" | null };

/**
 * The three plans as advertised, from configuration (PRICE_MONTHLY, PRICE_YEARLY, CURRENCY,
 * validated at start): the one place prices come from, for the landing page, the pricing page,
 * checkout and receipts.
 */
export function planOffers(): PlanOffer[] {
  const { PRICE_MONTHLY, PRICE_YEARLY, CURRENCY } = env();
  return [
    { id: "free", priceMinor: 0, currency: CURRENCY, interval: null },
    { id: "monthly", priceMinor: PRICE_MONTHLY, currency: CURRENCY, interval: "month" },
    { id: "yearly", priceMinor: PRICE_YEARLY, currency: CURRENCY, interval: "year" },
  ];
}

export function planOffer(id: Plan): PlanOffer {
  const offer = planOffers().find((o) => o.id === id);
  if (!offer) throw new Error(`unknown plan ${id}`);
  return offer;
}
