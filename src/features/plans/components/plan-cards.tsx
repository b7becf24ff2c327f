import { CheckIcon } from "lucide-react";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { env } from "@/server/env";
import { planOffers, type PlanOffer } from "../catalog";
import type { Plan } from "../rules";
import { currencyName, formatMoney } from "@/lib/money";
import { paths } from "@/lib/paths";

export const FEATURE_KEYS = {
  free: ["topics5", "textImage", "english", "perMonth", "tutor"],
  monthly: ["topics10", "video", "languages", "unlimited", "tutor"],
  yearly: ["everythingMonthly", "topics10", "video", "languages", "billedYearly"],
} as const satisfies Record<Plan, readonly string[]>;

/**
 * The three plan cards, shared by the landing page (every button goes to /dashboard) and the
 * pricing page ("Current Plan" on the user's own, "Change Plan" to checkout elsewhere). Prices
 * come from the plan catalog (configuration), never from JSX, in the currency they are charged in,
 * which a line under the cards names.
 */
export async function PlanCards({
  currentPlan,
  headingLevel = "h3",
}: {
  currentPlan?: Plan;
  headingLevel?: "h2" | "h3";
}) {
  const t = await getTranslations("plans");
  const locale = await getLocale();
  const Heading = headingLevel;
  const { FREE_COURSES_PER_MONTH: perMonth, CURRENCY: currency } = env();
  return (
    <>
      <ul className="grid gap-6 md:grid-cols-3" data-testid="plan-cards">
        {planOffers().map((offer: PlanOffer) => {
          const current = currentPlan === offer.id;
          const highlighted = offer.id === "yearly";
          return (
            <li
              key={offer.id}
              className={cn(
                "flex flex-col rounded-2xl border bg-card p-6 shadow-sm",
                highlighted && "border-primary ring-1 ring-primary",
              )}
              data-testid={`plan-${offer.id}`}
            >
              <Heading className="text-lg font-semibold">{t(`name.${offer.id}`)}</Heading>
              <p className="mt-3 flex items-baseline gap-1">
                <span className="text-4xl font-extrabold tracking-tight" data-testid="plan-price">
                  {formatMoney(offer.priceMinor, offer.currency, locale)}
                </span>
                {offer.interval && <span className="text-muted-foreground">{t(`per.${offer.interval}`)}</span>}
              </p>
              <p className="mt-1 text-sm text-muted-foreground">{t(`tagline.${offer.id}`)}</p>
              <ul className="mt-6 flex-1 space-y-2 text-sm">
                {FEATURE_KEYS[offer.id].map((key) => (
                  <li key={key} className="flex gap-2">
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                    <span>{t(`feature.${key}`, { count: perMonth })}</span>
                  </li>
                ))}
              </ul>
              <Button asChild className="mt-6" variant={current ? "outline" : highlighted ? "default" : "secondary"}>
                {currentPlan === undefined ? (
                  <Link href={paths.dashboard()}>{t("getStarted")}</Link>
                ) : current ? (
                  <span aria-disabled="true">{t("current")}</span>
                ) : (
                  <Link href={paths.payment(offer.id)}>{t("change")}</Link>
                )}
              </Button>
            </li>
          );
        })}
      </ul>
      {/* The currency is said in words too: a symbol alone ("$") is ambiguous across countries. */}
      <p className="mt-6 text-center text-sm text-muted-foreground" data-testid="plan-currency">
        {t("currencyNote", { currency: currencyName(currency, locale), code: currency })}
      </p>
    </>
  );
}
