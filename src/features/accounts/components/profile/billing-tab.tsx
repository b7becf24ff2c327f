import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { ProfileUser } from "./profile-view";

/**
 * Advertised prices (SPEC section 9); the logged-in area shows dollars. Cancelling and the
 * payment method arrive with the payments feature, which owns plans and their prices.
 */
const PLAN_DISPLAY = {
  free: { name: "freePlan", price: "$0", period: "perLifetime" },
  monthly: { name: "monthlyPlan", price: "$47", period: "perMonth" },
  yearly: { name: "yearlyPlan", price: "$97", period: "perYear" },
} as const;

export function BillingTab({ plan }: { plan: ProfileUser["plan"] }) {
  const t = useTranslations("profile.billing");
  const shown = PLAN_DISPLAY[plan];
  return (
    <Card className="p-6">
      <div className="mb-6 space-y-1">
        <h2 className="text-lg font-semibold">{t("title")}</h2>
        <p className="text-sm text-muted-foreground">{t("description")}</p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4 rounded-lg border bg-muted/40 p-5">
        <div className="space-y-1">
          <p className="text-base font-semibold" data-testid="billing-plan">
            {t(shown.name)}
          </p>
          <p>
            <span className="text-3xl font-bold tracking-tight">{shown.price}</span>{" "}
            <span className="text-sm text-muted-foreground">/ {t(shown.period)}</span>
          </p>
          {plan === "free" && <p className="text-sm text-muted-foreground">{t("lifetimeNote")}</p>}
        </div>
        {plan === "free" && (
          <Button asChild>
            <Link href="/dashboard/pricing">{t("changePlan")}</Link>
          </Button>
        )}
      </div>
    </Card>
  );
}
