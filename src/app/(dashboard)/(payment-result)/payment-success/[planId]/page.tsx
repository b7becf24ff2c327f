import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ReceiptView } from "@/features/plans/components/receipt-view";
import { verifyReturn } from "@/features/plans/server";
import { requireUserPage } from "@/server/auth/session";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("payment.success"))("title") };
}

/**
 * /payment-success/{planId}: asks the provider about the payment the browser came back from
 * (the browser's word alone grants nothing), then shows the receipt and mails it once.
 */
export default async function PaymentSuccessPage({
  params,
  searchParams,
}: {
  params: Promise<{ planId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUserPage();
  const { planId } = await params;
  const query = await searchParams;
  const paymentId = await verifyReturn(user, planId, query);
  if (!paymentId) redirect(paths.paymentFailed({ plan: planId }));
  return <ReceiptView paymentId={paymentId} user={user} />;
}
