"use client";

import { CheckIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { paths } from "@/lib/paths";

/** Accepts an invitation to co-author a course (by the mailed link's secret or its id), then opens its outline editor. */
export function AcceptInvitationButton({
  by,
  label,
}: {
  by: { token: string } | { invitationId: string };
  label: string;
}) {
  const t = useTranslations("authoring.invitation");
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/api/invitations/accept", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(by),
      });
      const data = (await response.json().catch(() => null)) as { courseId?: string; message?: string } | null;
      if (!response.ok || !data?.courseId) throw new Error(data?.message ?? t("failed"));
      router.push(paths.editOutline(data.courseId));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t("failed"));
      setBusy(false);
    }
  };

  return (
    <div className="space-y-2">
      <Button type="button" onClick={() => void accept()} disabled={busy}>
        <CheckIcon aria-hidden />
        {label}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
