"use client";
import { CheckCircle2Icon, MailIcon, XCircleIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { postForAnswer } from "@/lib/http/post-json";
import { paths } from "@/lib/paths";

type Outcome = "done" | "taken" | "invalid" | null;

export function ConfirmEmailForm({ token, newEmail }: { token: string; newEmail: string }) {
  const t = useTranslations("confirmEmail");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { ok, status, data } = await postForAnswer("/api/profile/confirm-email", { token });
      if (ok) setOutcome("done");
      else if (status === 409) setOutcome("taken");
      else if (status === 400) setOutcome("invalid");
      else setError(data?.message ?? t("failed"));
    } catch {
      setError(t("failed"));
    } finally {
      setBusy(false);
    }
  }

  if (outcome) {
    const done = outcome === "done";
    const Icon = done ? CheckCircle2Icon : XCircleIcon;
    const title = { done: t("successTitle"), taken: t("takenTitle"), invalid: t("invalidTitle") }[outcome];
    const text = { done: t("successText", { email: newEmail }), taken: t("takenText"), invalid: t("invalidText") }[
      outcome
    ];
    return (
      <div className="space-y-5 text-center" role={done ? "status" : "alert"}>
        <span
          className={
            done
              ? "mx-auto flex size-12 items-center justify-center rounded-full bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300"
              : "mx-auto flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive"
          }
        >
          <Icon className="size-6" aria-hidden />
        </span>
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{text}</p>
        </div>
        <Button asChild className="w-full">
          <Link href={paths.profile()}>{t("toProfile")}</Link>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5 text-center" aria-busy={busy}>
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MailIcon className="size-6" aria-hidden />
      </span>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("text", { email: newEmail })}</p>
      </div>
      {error && <Alert>{error}</Alert>}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
