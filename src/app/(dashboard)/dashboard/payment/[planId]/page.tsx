import { CheckIcon } from "lucide-react";
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { CheckoutForm } from "@/features/plans/components/checkout-form";
import { FEATURE_KEYS } from "@/features/plans/components/plan-cards";
import { checkoutMethods, planOffer } from "@/features/plans/server";
import { requireUserPage } from "@/server/auth/session";
import { env } from "@/server/env";
import { formatMoney } from "@/lib/money";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("payment.checkout"))("title") };
}

/** /dashboard/payment/{planId}: "Complete Your Purchase", the billing form, provider tabs and the order summary. */
export default async function PaymentPage({ params }: { params: Promise<{ planId: string }> }) {
  const { planId } = await params;
  if (planId === "free") redirect(paths.pricing());
  if (planId !== "monthly" && planId !== "yearly") notFound();
  const user = await requireUserPage();
  const [t, tp, locale] = await Promise.all([
    getTranslations("payment.checkout"),
    getTranslations("plans"),
    getLocale(),
  ]);
  const offer = planOffer(planId);
  const price = formatMoney(offer.priceMinor, offer.currency, locale);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </header>
      {/* min-w-0 on the columns: a grid item is otherwise as wide as its widest content, past a phone's screen. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] [&>*]:min-w-0">
        <CheckoutForm
          plan={planId}
          price={price}
          providers={checkoutMethods()}
          defaults={{ email: user.email, name: user.name }}
        />
        <Card className="h-fit space-y-4 p-6" data-testid="order-summary">
          <h2 className="text-lg font-semibold">{t("summaryTitle")}</h2>
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{t("plan")}</dt>
              <dd className="font-medium">{tp(`name.${planId}`)}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t pt-2 text-base">
              <dt className="font-semibold">{t("total")}</dt>
              <dd className="font-bold" data-testid="summary-total">
                {price}
                <span className="ml-1 text-sm font-normal text-muted-foreground">{tp(`per.${offer.interval!}`)}</span>
              </dd>
            </div>
          </dl>
          <div className="space-y-2">
            <h3 className="text-sm font-medium">{t("included")}</h3>
            <ul className="space-y-1.5 text-sm">
              {FEATURE_KEYS[planId].map((key) => (
                <li key={key} className="flex gap-2">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                  <span>{tp(`feature.${key}`, { count: env().FREE_COURSES_PER_MONTH })}</span>
                </li>
              ))}
            </ul>
          </div>
        </Card>
      </div>
    </div>
  );
}
