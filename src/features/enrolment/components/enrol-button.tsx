"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { Button } from "@/components/ui/button";

/**
 * Enrols the signed-in user, then opens `then` (the catalogue's page sends them to the course) or
 * shows the same address again: on the course's own address, now the course itself.
 */
export function EnrolButton({ courseId, then }: { courseId: string; then?: string }) {
  const t = useTranslations("enrolment");
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const enrol = async () => {
    setBusy(true);
    // Loaded on the click: the course page's first load (this route's viewer) stays as it was.
    const { enrolment } = await import("../enrolment-actions");
    const outcome = await enrolment(courseId, "POST").catch(() => ({ ok: false, message: undefined }));
    if (outcome.ok) {
      if (then) router.push(then);
      else router.refresh();
      return;
    }
    setBusy(false);
    notify.error(t("enrolFailed"), outcome.message);
  };
  return (
    <Button size="lg" onClick={() => void enrol()} disabled={busy} data-testid="enrol">
      {busy ? t("enrolling") : t("enrol")}
    </Button>
  );
}
