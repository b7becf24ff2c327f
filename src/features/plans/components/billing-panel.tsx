import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { planOffer } from "../catalog";
import { billingSummary } from "../payments/billing";
import { providerLabel } from "../payments/providers";
import { isProviderId, paymentProvider } from "../payments/registry";
import { isPaidPlan, type Plan } from "../rules";
import { BillingActions } from "./billing-actions";
import { formatMoney } from "@/lib/money";
import { paths } from "@/lib/paths";

/** dd/mm/yyyy, as the receipt and the SPEC's dates read. */
export function formatDayMonthYear(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

const NAME_KEY = { free: "freePlan", monthly: "monthlyPlan", yearly: "yearlyPlan" } as const;
const PERIOD_KEY = { free: "perLifetime", monthly: "perMonth", yearly: "perYear" } as const;

/**
 * Profile → Billing: the plan in force, its price per period, how it is paid, the next renewal,
 * and Cancel Plan (at the provider, then here) or, on Free, Change Plan.
 */
export async function BillingPanel({ user }: { user: { id: string; plan: Plan; planExpiresAt?: Date | null } }) {
  const [t, tp, locale] = await Promise.all([
    getTranslations("profile.billing"),
    getTranslations("payment"),
    getLocale(),
  ]);
  const subscription = isPaidPlan(user.plan) ? await billingSummary(user.id) : null;
  const offer = planOffer(user.plan);
  // A subscription shows what it is charged, in its own currency; without one, the advertised price.
  const priceMinor = subscription?.amountMinor ?? offer.priceMinor;
  const currency = (subscription?.amountMinor != null && subscription.currency) || offer.currency;
  const provider = subscription?.provider;
  const renews = subscription?.currentPeriodEnd ?? user.planExpiresAt ?? null;
  const cancellable = Boolean(provider && provider !== "admin" && isProviderId(provider) && paymentProvider(provider));
  return (
    <Card className="p-6">
      <div className="mb-6 space-y-1">
        <h2 className="text-lg font-semibold">{t("title")}</h2>
        <p className="text-sm text-muted-foreground">{t("description")}</p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4 rounded-lg border bg-muted/40 p-5">
        <div className="space-y-1">
          <p className="text-base font-semibold" data-testid="billing-plan">
            {t(NAME_KEY[user.plan])}
          </p>
          <p>
            <span className="text-3xl font-bold tracking-tight" data-testid="billing-price">
              {formatMoney(priceMinor, currency, locale)}
            </span>{" "}
            <span className="text-sm text-muted-foreground">/ {t(PERIOD_KEY[user.plan])}</span>
          </p>
          {!isPaidPlan(user.plan) && <p className="text-sm text-muted-foreground">{t("lifetimeNote")}</p>}
          {isPaidPlan(user.plan) && (
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{tp("billing.method")}</dt>
              <dd data-testid="billing-method">
                {provider === "admin" ? tp("billing.granted") : ((provider && providerLabel(provider)) ?? "—")}
              </dd>
              <dt className="text-muted-foreground">{tp("billing.renews")}</dt>
              <dd data-testid="billing-renews">{renews ? formatDayMonthYear(renews) : tp("billing.noEnd")}</dd>
            </dl>
          )}
        </div>
        {!isPaidPlan(user.plan) ? (
          <Button asChild>
            <Link href={paths.pricing()}>{t("changePlan")}</Link>
          </Button>
        ) : (
          cancellable &&
          subscription && (
            <BillingActions
              provider={subscription.provider}
              subscriptionId={subscription.providerSubscriptionId ?? subscription.id}
              portal={Boolean(paymentProvider(subscription.provider as never)?.portalUrl)}
            />
          )
        )}
      </div>
    </Card>
  );
}
