"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";
import { postForAnswer } from "@/lib/http/post-json";

type Props = {
  label: string;
  /** Where the action posts, and what. */
  url: string;
  body: unknown;
  done: string;
  /** Asked first when the action cannot be undone. */
  confirm?: { title: string; description: string };
  variant?: "default" | "destructive" | "outline";
  /** The accessible name when the visible label is not enough (e.g. which row). */
  ariaLabel?: string;
};

/** One admin action: posts, tells the outcome in a toast (the server's message on failure), refreshes the page. */
export function ActionButton({ label, url, body, done, confirm, variant = "outline", ariaLabel }: Props) {
  const t = useTranslations("admin");
  const tc = useTranslations("common");
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const { ok, data } = await postForAnswer<{ success?: boolean; message?: string }>(url, body);
      if (!ok) {
        notify.error(tc("errorTitle"), data?.message ?? tc("internalError"));
        return;
      }
      notify.success(done);
      router.refresh();
    } catch {
      notify.error(tc("errorTitle"), tc("internalError"));
    } finally {
      setBusy(false);
    }
  };

  if (!confirm) {
    return (
      <Button type="button" size="sm" variant={variant} disabled={busy} onClick={run} aria-label={ariaLabel}>
        {label}
      </Button>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" size="sm" variant={variant} disabled={busy} aria-label={ariaLabel}>
          {label}
        </Button>
      }
      title={confirm.title}
      description={confirm.description}
      cancelLabel={t("cancel")}
      confirmLabel={t("confirm")}
      destructive={variant === "destructive"}
      onConfirm={run}
    />
  );
}

/** A post's popular or featured flag: a checkbox that saves as it is ticked. */
export function FlagToggle({
  id,
  flag,
  label,
  checked,
  postTitle,
}: {
  id: string;
  flag: "popular" | "featured";
  label: string;
  checked: boolean;
  postTitle: string;
}) {
  const t = useTranslations("admin");
  const tc = useTranslations("common");
  const router = useRouter();
  const [value, setValue] = React.useState(checked);
  const [busy, setBusy] = React.useState(false);

  const change = async (next: boolean) => {
    setBusy(true);
    setValue(next);
    try {
      const { ok, data } = await postForAnswer<{ message?: string }>("/api/updateblogs", {
        id,
        type: flag,
        value: String(next),
      });
      if (!ok) {
        setValue(!next);
        notify.error(tc("errorTitle"), data?.message ?? tc("internalError"));
        return;
      }
      notify.success(t("blog.flagged"));
      router.refresh();
    } catch {
      setValue(!next);
      notify.error(tc("errorTitle"), tc("internalError"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <label className="flex items-center gap-2 whitespace-nowrap">
      <input
        type="checkbox"
        className="size-4"
        checked={value}
        disabled={busy}
        onChange={(e) => change(e.target.checked)}
        aria-label={`${label}: ${postTitle}`}
      />
      <span aria-hidden="true">{label}</span>
    </label>
  );
}
