"use client";
import { notify } from "@/components/notify";
import { ArrowLeftIcon, MailCheckIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { postForAnswer } from "@/lib/http/post-json";
import { paths } from "@/lib/paths";

/**
 * /forgot-password: the e-mail form, then "Check your email" with a way back to the form.
 * `initialEmail`: what was typed on the login page before "Forgot password?".
 */
export function ForgotPasswordForm({ initialEmail = "" }: { initialEmail?: string }) {
  const t = useTranslations("forgot");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [email, setEmail] = useState(initialEmail);
  const inputRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      setError(t("emailRequired"));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { ok, data } = await postForAnswer("/api/forgot", { email: value });
      if (!ok) {
        setError(data?.message ?? t("failed"));
        return;
      }
      notify.success(t("toastTitle"), t("toastText"));
      setSentTo(value);
    } catch {
      setError(t("failed"));
    } finally {
      setBusy(false);
    }
  }

  const backToLogin = (
    <Link
      href={paths.login()}
      className="inline-flex items-center justify-center gap-1.5 text-sm font-medium text-primary hover:underline"
    >
      <ArrowLeftIcon className="size-4" aria-hidden />
      {t("backToLogin")}
    </Link>
  );

  if (sentTo) {
    return (
      <div className="space-y-5 text-center" role="status">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <MailCheckIcon className="size-6" aria-hidden />
        </span>
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight">{t("checkTitle")}</h1>
          <p className="text-sm text-muted-foreground">{t("checkText", { email: sentTo })}</p>
        </div>
        <p className="text-sm text-muted-foreground">
          {t("notReceived")}{" "}
          <button
            type="button"
            className="rounded-sm font-medium text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            onClick={() => setSentTo(null)}
          >
            {t("tryAgain")}
          </button>
        </p>
        {backToLogin}
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={busy}>
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
      </div>
      {error && <Alert>{error}</Alert>}
      <div className="space-y-2">
        <Label htmlFor="email">{t("email")}</Label>
        <Input
          ref={inputRef}
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={320}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          autoFocus
        />
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t("submitting") : t("submit")}
      </Button>
      <div className="text-center">{backToLogin}</div>
    </form>
  );
}
