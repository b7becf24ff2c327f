import { ClockIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PendingActions } from "@/features/plans/components/pending-actions";
import { pendingCheckout, planOffer } from "@/features/plans/server";
import { requireUserPage } from "@/server/auth/session";
import { formatMoney } from "@/lib/money";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("payment.pending"))("title") };
}

/**
 * /payment-pending?sub=…&plan=…&provider=…: a popup checkout's payment not confirmed yet. The plan, amount and link
 * come from the provider (for this user's subscription only), not from the address bar.
 */
export default async function PaymentPendingPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUserPage();
  const { sub, provider } = await searchParams;
  const [t, tp, locale] = await Promise.all([
    getTranslations("payment.pending"),
    getTranslations("plans"),
    getLocale(),
  ]);
  const pending =
    typeof sub === "string"
      ? await pendingCheckout(user.id, typeof provider === "string" ? provider : undefined, sub)
      : null;
  if (!pending || typeof sub !== "string") {
    return (
      <Card className="mx-auto max-w-xl space-y-4 p-8 text-center">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("missing")}</p>
        <Button asChild>
          <Link href={paths.pricing()}>{tp("change")}</Link>
        </Button>
      </Card>
    );
  }
  const offer = planOffer(pending.plan);
  return (
    <Card className="mx-auto max-w-xl space-y-6 p-8 text-center">
      <ClockIcon className="mx-auto size-12 text-primary" aria-hidden />
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
      <dl className="mx-auto grid w-fit grid-cols-2 gap-x-6 gap-y-1 text-left">
        <dt className="text-muted-foreground">{t("plan")}</dt>
        <dd className="font-medium" data-testid="pending-plan">
          {tp(`name.${pending.plan}`)}
        </dd>
        <dt className="text-muted-foreground">{t("amount")}</dt>
        <dd className="font-medium" data-testid="pending-amount">
          {formatMoney(offer.priceMinor, offer.currency, locale)}
        </dd>
      </dl>
      <PendingActions provider={pending.provider} sub={sub} plan={pending.plan} link={pending.link} />
    </Card>
  );
}
