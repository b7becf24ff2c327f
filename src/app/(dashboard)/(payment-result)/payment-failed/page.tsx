import { XCircleIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("payment.failed"))("title") };
}

const CAUSES = ["funds", "declined", "details", "gateway"] as const;

/** /payment-failed: the likely causes, that nothing was charged, Go Home and Try Again. */
export default async function PaymentFailedPage() {
  const t = await getTranslations("payment.failed");
  return (
    <Card className="mx-auto max-w-xl space-y-5 p-8 text-center">
      <XCircleIcon className="mx-auto size-12 text-destructive" aria-hidden />
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-muted-foreground">{t("intro")}</p>
      <ul className="mx-auto w-fit list-disc space-y-1 text-left text-sm">
        {CAUSES.map((cause) => (
          <li key={cause}>{t(`causes.${cause}`)}</li>
        ))}
      </ul>
      <p className="font-medium" data-testid="no-charge">
        {t("noCharge")}
      </p>
      <div className="flex justify-center gap-3">
        <Button asChild variant="outline">
          <Link href={paths.home()}>{t("home")}</Link>
        </Button>
        <Button asChild>
          <Link href={paths.pricing()}>{t("retry")}</Link>
        </Button>
      </div>
    </Card>
  );
}
