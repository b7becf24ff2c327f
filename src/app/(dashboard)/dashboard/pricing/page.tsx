import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { configuredProviders, PlanCards } from "@/features/plans/server";
import { requireUserPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("payment.pricing"))("title") };
}

/** /dashboard/pricing: the three plans, "Current Plan" on the user's own, "Change Plan" to checkout. */
export default async function PricingPage() {
  const user = await requireUserPage();
  const t = await getTranslations("payment.pricing");
  const payable = configuredProviders().length > 0;
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <header className="space-y-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </header>
      {!payable && (
        <p role="status" className="rounded-lg border bg-muted/40 p-4 text-center text-sm" data-testid="payments-off">
          {t("notConfigured")}
        </p>
      )}
      <PlanCards currentPlan={user.plan} headingLevel="h2" />
    </div>
  );
}
