"use client";
import { MailIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { notify } from "@/components/notify";
import { Button } from "@/components/ui/button";
import { postForAnswer } from "@/lib/http/post-json";

/**
 * The e-mail change waiting for its link, shown on the profile for as long as it waits (the
 * toast after Save goes away; this does not), with "Resend link" and "Cancel change". The page
 * reads the waiting change on the server, so a refresh after either action shows the truth.
 */
export function PendingEmailNotice({ newEmail, currentEmail }: { newEmail: string; currentEmail: string }) {
  const t = useTranslations("profile");
  const router = useRouter();
  const [busy, setBusy] = useState<"resend" | "cancel" | null>(null);

  async function act(action: "resend" | "cancel") {
    setBusy(action);
    try {
      const { ok, data } = await postForAnswer<{ success?: boolean; message?: string }>(
        `/api/profile/email-change/${action}`,
        {},
      );
      if (!ok) notify.error(t("errorTitle"), data?.message ?? t("failed"));
      else
        notify.success(
          action === "resend" ? t("emailChange.resentTitle") : t("emailChange.cancelledTitle"),
          data?.message,
        );
      // Either way the server knows best whether a change still waits.
      router.refresh();
    } catch {
      notify.error(t("errorTitle"), t("failed"));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      aria-labelledby="pending-email-title"
      data-testid="pending-email"
      className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 sm:flex-row sm:items-start"
    >
      <MailIcon className="size-5 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0 flex-1 space-y-1">
        <h2 id="pending-email-title" className="font-semibold">
          {t("emailChange.noticeTitle")}
        </h2>
        <p className="text-sm break-words text-muted-foreground">
          {t("emailChange.notice", { email: newEmail, current: currentEmail })}
        </p>
        <div className="flex flex-wrap gap-2 pt-2">
          <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => void act("resend")}>
            {busy === "resend" ? t("emailChange.resending") : t("emailChange.resend")}
          </Button>
          <Button size="sm" variant="ghost" disabled={busy !== null} onClick={() => void act("cancel")}>
            {busy === "cancel" ? t("emailChange.cancelling") : t("emailChange.cancel")}
          </Button>
        </div>
      </div>
    </section>
  );
}
