"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { Button } from "@/components/ui/button";

/** Leaves an enrolled course once the learner has said yes to losing their state in it. */
export function LeaveButton({ courseId, topic }: { courseId: string; topic: string }) {
  const t = useTranslations("enrolment");
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const leave = async () => {
    // The question's dialog and the request load on the first click: My Courses' first load stays small.
    const [{ askChoice }, { enrolment }] = await Promise.all([
      import("@/components/choice-dialog"),
      import("../enrolment-actions"),
    ]);
    const choice = await askChoice(t("leaveTitle", { topic }), t("leaveText"), {
      confirm: t("leaveConfirm"),
      cancel: t("cancel"),
    });
    if (choice !== "confirm") return;
    setBusy(true);
    const outcome = await enrolment(courseId, "DELETE").catch(() => ({ ok: false, message: undefined }));
    setBusy(false);
    if (!outcome.ok) {
      notify.error(t("leaveFailed"), outcome.message);
      return;
    }
    notify.success(t("left"));
    router.refresh();
  };
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void leave()}
      disabled={busy}
      aria-label={t("leaveLabel", { topic })}
      data-testid="leave-course"
    >
      {t("leave")}
    </Button>
  );
}
