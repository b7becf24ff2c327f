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

export function LoginForm({ callbackUrl, messages }: { callbackUrl: string; messages: AuthFormMessages<"login"> }) {
  const t = (key: keyof AuthFormMessages<"login">["form"]) => messages.form[key];
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Kept as typed so "Forgot password?" can take it along.
  const [typedEmail, setTypedEmail] = useState("");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!email || !password) return setError(t("bothRequired"));
    setError(null);
    setBusy(true);
    try {
      const { ok, data } = await postForAnswer<{ success?: boolean; message?: string; sharedCourseId?: string }>(
        "/api/signin",
        { email, password },
      );
      if (!ok) {
        setError(data?.message ?? t("failed"));
        return;
      }
      notify.success(t("success"));
      // A copy of a shared course saved on the way in (the pending shared course) opens at once.
      router.replace(data?.sharedCourseId ? paths.course(data.sharedCourseId) : callbackUrl);
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
        <Label htmlFor="email">{t("email")}</Label>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={320}
          value={typedEmail}
          onChange={(event) => setTypedEmail(event.target.value)}
        />
      </div>
      <div className="space-y-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="password">{t("password")}</Label>
          <Link
            href={paths.forgotPassword({ email: typedEmail.trim() || undefined })}
            className="text-sm text-primary hover:underline"
          >
            {t("forgot")}
          </Link>
        </div>
        <PasswordInput
          showLabel={messages.showPassword}
          hideLabel={messages.hidePassword}
          id="password"
          name="password"
          autoComplete="current-password"
          maxLength={256}
        />
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t("submitting") : t("submit")}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t("noAccount")}{" "}
        <Link
          href={paths.signup({ callbackUrl: callbackUrl === paths.dashboard() ? undefined : callbackUrl })}
          className="font-medium text-primary hover:underline"
        >
          {t("signupLink")}
        </Link>
      </p>
    </form>
  );
}
