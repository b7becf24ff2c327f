import { CheckCircle2Icon } from "lucide-react";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { receiptDetails, sendReceiptOnce } from "../payments/billing";
import { providerLabel } from "../payments/providers";
import { formatDayMonthYear } from "./billing-panel";
import { ReceiptDownload } from "./receipt-download";
import { formatMoney } from "@/lib/money";
import { paths } from "@/lib/paths";

/** The receipt of a verified payment of this user, mailed to them once. */
export async function ReceiptView({
  paymentId,
  user,
}: {
  paymentId: string;
  user: { id: string; name: string; email: string };
}) {
  const receipt = await receiptDetails(paymentId, user.id);
  if (!receipt) notFound();
  const { payment, name, email } = receipt;
  await sendReceiptOnce(payment.id, user.id);
  const [t, tp, locale] = await Promise.all([getTranslations("payment"), getTranslations("plans"), getLocale()]);
  const rows: Array<[string, string, string]> = [
    ["receipt-id", t("success.receiptId"), payment.id],
    ["receipt-date", t("success.date"), formatDayMonthYear(payment.createdAt)],
    ["receipt-plan", t("success.plan"), tp(`name.${payment.plan}`)],
    ["receipt-price", t("success.price"), formatMoney(payment.amountMinor, payment.currency, locale)],
    ["receipt-method", t("success.method"), providerLabel(payment.provider) ?? payment.provider],
    ["receipt-name", t("success.name"), name],
    ["receipt-email", t("success.email"), email],
  ];
  return (
    <Card className="mx-auto max-w-xl space-y-6 p-8">
      <div className="space-y-2 text-center">
        <CheckCircle2Icon className="mx-auto size-12 text-primary" aria-hidden />
        <h1 className="text-2xl font-bold">{t("success.title")}</h1>
        <p className="text-muted-foreground">{t("success.subtitle")}</p>
      </div>
      <dl className="divide-y rounded-lg border text-sm" data-testid="receipt">
        {rows.map(([id, label, value]) => (
          <div key={id} className="flex justify-between gap-4 px-4 py-2">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right font-medium break-all" data-testid={id}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-center text-sm text-muted-foreground">{t("success.mailed", { email })}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <ReceiptDownload
          title={t("success.receiptTitle")}
          rows={rows.map(([, label, value]) => [label, value])}
          name={`receipt-${payment.id.slice(0, 8)}`}
        />
        <Button asChild>
          <Link href={paths.dashboard()}>{t("success.dashboard")}</Link>
        </Button>
      </div>
    </Card>
  );
}
