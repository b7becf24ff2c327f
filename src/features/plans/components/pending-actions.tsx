"use client";
import { notify } from "@/components/notify";
import { ExternalLinkIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { postForAnswer } from "@/lib/http/post-json";
import { paths } from "@/lib/paths";

/** Payment Link (reopens the provider's page) and Verify Payment (asks the provider through the server). */
export function PendingActions({
  provider,
  sub,
  plan,
  link,
}: {
  provider: string;
  sub: string;
  plan: string;
  link: string | null;
}) {
  const t = useTranslations("payment");
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function verify() {
    setBusy(true);
    try {
      const { ok, data } = await postForAnswer<{ success?: boolean; message?: string; next?: string }>(
        `/api/checkout/${encodeURIComponent(provider)}/pending`,
        { sub },
      );
      if (!ok) {
        notify.error(t("checkout.errorTitle"), data?.message ?? t("checkout.failed"));
      } else if (data?.next === "success") {
        router.push(paths.paymentSuccess(plan, { provider, ref: sub }));
        return;
      } else if (data?.next === "failed") {
        router.push(paths.paymentFailed());
        return;
      } else {
        notify.info(t("pending.toastTitle"), t("pending.toastBody"));
      }
    } catch {
      notify.error(t("checkout.errorTitle"), t("checkout.failed"));
    }
    setBusy(false);
  }

  return (
    <div className="flex flex-wrap justify-center gap-3">
      {link && (
        <Button asChild variant="outline">
          <a href={link} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden />
            {t("pending.link")}
          </a>
        </Button>
      )}
      <Button onClick={verify} disabled={busy}>
        {t("pending.verify")}
      </Button>
    </div>
  );
}
