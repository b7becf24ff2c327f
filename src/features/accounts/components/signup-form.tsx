"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { notify } from "@/components/notify";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PasswordInput } from "@/components/ui/password-input";
import type { AuthFormMessages } from "./messages";
import { postForAnswer } from "@/lib/http/post-json";
import { paths } from "@/lib/paths";

const EMAIL_FORM = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function SignupForm({ messages }: { messages: AuthFormMessages<"signup"> }) {
  const t = (key: keyof AuthFormMessages<"signup">["form"]) => messages.form[key];
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The SPEC's order: all fields, terms, password length, e-mail form. */
  function firstProblem(name: string, email: string, password: string, terms: boolean): string | null {
    if (!name || !email || !password) return t("fillAll");
    if (!terms) return t("agreeTerms");
    if (password.length < 9) return t("passwordMin");
    if (!EMAIL_FORM.test(email)) return t("invalidEmail");
    return null;
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const problem = firstProblem(name, email, password, form.get("terms") === "on");
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      const { ok, data } = await postForAnswer<{ success?: boolean; message?: string; sharedCourseId?: string }>(
        "/api/signup",
        { mName: name, email, password, type: "free" },
      );
      if (!ok) {
        setError(data?.message ?? t("failed"));
        return;
      }
      notify.success(t("success"));
      // A copy of a shared course saved on the way in (the pending shared course) opens at once.
      router.replace(data?.sharedCourseId ? paths.course(data.sharedCourseId) : paths.dashboard());
      router.refresh();
    } catch {
      setError(t("failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy}>
      {error && <Alert>{error}</Alert>}
      <div className="space-y-2">
        <Label htmlFor="name">{t("name")}</Label>
        <Input id="name" name="name" autoComplete="name" maxLength={100} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="email">{t("email")}</Label>
        <Input id="email" name="email" type="email" autoComplete="email" maxLength={320} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="password">{t("password")}</Label>
        <PasswordInput
          showLabel={messages.showPassword}
          hideLabel={messages.hidePassword}
          id="password"
          name="password"
          autoComplete="new-password"
          maxLength={256}
          aria-describedby="password-hint"
        />
        <p id="password-hint" className="text-xs text-muted-foreground">
          {t("passwordHint")}
        </p>
      </div>
      <div className="flex items-start gap-2">
        <input id="terms" name="terms" type="checkbox" className="mt-0.5 size-4 accent-primary" />
        <label htmlFor="terms" className="text-sm leading-snug text-muted-foreground">
          {t("termsPrefix")}{" "}
          <Link href={paths.policy("terms")} className="text-primary hover:underline">
            {t("terms")}
          </Link>{" "}
          {t("and")}{" "}
          <Link href={paths.policy("privacy")} className="text-primary hover:underline">
            {t("privacy")}
          </Link>
        </label>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t("submitting") : t("submit")}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t("haveAccount")}{" "}
        <Link href={paths.login()} className="font-medium text-primary hover:underline">
          {t("loginLink")}
        </Link>
      </p>
    </form>
  );
}
