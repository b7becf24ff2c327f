"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { Button } from "@/components/ui/button";
import { enrolment } from "../enrolment-actions";

/** Enrols the signed-in user, then shows the same address again: now the course itself. */
export function EnrolButton({ courseId }: { courseId: string }) {
  const t = useTranslations("enrolment");
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const enrol = async () => {
    setBusy(true);
    const outcome = await enrolment(courseId, "POST").catch(() => ({ ok: false, message: undefined }));
    if (outcome.ok) {
      router.refresh();
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
