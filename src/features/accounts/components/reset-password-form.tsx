"use client";
import { notify } from "@/components/notify";
import { ArrowLeftIcon, CheckCircle2Icon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { PasswordInput } from "@/components/ui/password-input";
import { PasswordRuleHint } from "./password-rule-hint";
import { PasswordStrengthMeter } from "./password-strength-meter";
import { postForAnswer } from "@/lib/http/post-json";
import { PASSWORD_MAX_LENGTH, PASSWORD_RULE_VALUES, passwordProblem } from "@/lib/password-rule";
import { paths } from "@/lib/paths";

const REDIRECT_AFTER_MS = 3000;

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("reset");
  const tAuth = useTranslations("auth");
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => router.replace(paths.login()), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [done, router]);

  /** The SPEC's checks, in its order. */
  function firstProblem(): string | null {
    if (!password || !confirm) return t("bothRequired");
    if (password !== confirm) return t("mismatch");
    // The SPEC's own words for this page; the length is the one rule's.
    if (passwordProblem(password) === "short") return t("tooShort", PASSWORD_RULE_VALUES);
    return null;
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = firstProblem();
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      const { ok, data } = await postForAnswer("/api/reset-password", { password, token });
      if (!ok) {
        setError(data?.message ?? t("failed"));
        return;
      }
      notify.success(t("toastTitle"), t("toastText"));
      setDone(true);
    } catch {
      setError(t("failed"));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="space-y-5 text-center" role="status">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300">
          <CheckCircle2Icon className="size-6" aria-hidden />
        </span>
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight">{t("successTitle")}</h1>
          <p className="text-sm text-muted-foreground">{t("successText")}</p>
          <p className="text-sm text-muted-foreground">{t("redirecting")}</p>
        </div>
        <Link
          href={paths.login()}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden />
          {t("backToLogin")}
        </Link>
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
        <Label htmlFor="password">{t("password")}</Label>
        <PasswordInput
          id="password"
          name="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          showLabel={tAuth("showPassword")}
          hideLabel={tAuth("hidePassword")}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby="password-rule password-strength"
        />
        <PasswordRuleHint id="password-rule" text={tAuth("passwordRule", PASSWORD_RULE_VALUES)} />
        {/* Advice only: the rule above is all the server asks for. */}
        <PasswordStrengthMeter password={password} id="password-strength" />
      </div>
      <div className="space-y-2">
        <Label htmlFor="confirm-password">{t("confirm")}</Label>
        <PasswordInput
          id="confirm-password"
          name="confirm"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          showLabel={tAuth("showPassword")}
          hideLabel={tAuth("hidePassword")}
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t("submitting") : t("submit")}
      </Button>
      <div className="text-center">
        <Link
          href={paths.login()}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden />
          {t("backToLogin")}
        </Link>
      </div>
    </form>
  );
}
