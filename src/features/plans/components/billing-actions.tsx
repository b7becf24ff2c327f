"use client";
import { notify } from "@/components/notify";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";
import { postForAnswer } from "@/lib/http/post-json";

/** Cancel Plan (with its confirm dialog) and, where the provider has one, Manage billing. */
export function BillingActions({
  provider,
  subscriptionId,
  portal,
}: {
  provider: string;
  subscriptionId: string;
  portal: boolean;
}) {
  const t = useTranslations("payment.billing");
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function cancel() {
    setBusy(true);
    try {
      const { ok, data } = await postForAnswer(`/api/${provider}cancel`, { id: subscriptionId });
      if (!ok) {
        notify.error(t("errorTitle"), data?.message ?? t("failed"));
        return;
      }
      notify.success(t("cancelled"));
      router.refresh();
    } catch {
      notify.error(t("errorTitle"), t("failed"));
    } finally {
      setBusy(false);
    }
  }

  async function manage() {
    setBusy(true);
    try {
      const { ok, data } = await postForAnswer<{ success?: boolean; message?: string; url?: string }>(
        `/api/${provider}portal`,
        {},
      );
      if (ok && data?.url) {
        window.location.assign(data.url);
        return;
      }
      notify.error(t("errorTitle"), data?.message ?? t("failed"));
    } catch {
      notify.error(t("errorTitle"), t("failed"));
    }
    setBusy(false);
  }

  return (
    <div className="flex flex-wrap gap-2">
      {portal && (
        <Button variant="outline" onClick={manage} disabled={busy}>
          {t("manage")}
        </Button>
      )}
      <ConfirmDialog
        trigger={
          <Button variant="destructive" disabled={busy}>
            {t("cancel")}
          </Button>
        }
        title={t("confirmTitle")}
        description={t("confirmBody")}
        cancelLabel={t("keep")}
        confirmLabel={t("cancel")}
        destructive
        onConfirm={cancel}
      />
    </div>
  );
}
