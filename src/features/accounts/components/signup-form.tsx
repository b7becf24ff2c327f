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
import { PasswordRuleHint } from "./password-rule-hint";
import { postForAnswer } from "@/lib/http/post-json";
import { PASSWORD_MAX_LENGTH, passwordProblem } from "@/lib/password-rule";
import { paths } from "@/lib/paths";

const EMAIL_FORM = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Field = "name" | "email" | "password" | "terms";
/** The form's order: the first field in error takes the focus and shows the message. */
const FIELDS: readonly Field[] = ["name", "email", "password", "terms"];
/** What is wrong: the fields in error and the one message (SPEC: one message at a time). */
type Problem = { fields: Field[]; message: string };

const errorId = "signup-error";
const ruleId = "password-rule";

/**
 * Map a refusal of POST /api/signup to the fields it is about; refusals about no field (rate
 * limits, a server failure) stay a message above the form.
 */
function fieldsOfSignupError(code: string | undefined, empty: Field[]): Field[] {
  switch (code) {
    case "signup:missing-fields":
      return empty;
    case "signup:name-long":
      return ["name"];
    case "signup:invalid-email":
    case "signup:email-taken":
      return ["email"];
    case "signup:password-short":
    case "signup:password-long":
      return ["password"];
    default:
      return [];
  }
}

/**
 * Sign-up. A problem marks its field (aria-invalid, the message under it and named by the
 * field's aria-describedby) and takes the focus there. `callbackUrl` is where the visitor was
 * going (the hero's Create your course, a shared course's Save a copy): they land there after,
 * and "Log in" keeps it for someone who has an account after all.
 */
export function SignupForm({ messages, callbackUrl }: { messages: AuthFormMessages<"signup">; callbackUrl?: string }) {
  const t = (key: keyof AuthFormMessages<"signup">["form"]) => messages.form[key];
  const router = useRouter();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  /** The SPEC's order: all fields, terms, password length, e-mail form. */
  function firstProblem(values: Record<Exclude<Field, "terms">, string> & { terms: boolean }): Problem | null {
    const empty = (["name", "email", "password"] as const).filter((f) => !values[f]);
    if (empty.length) return { fields: [...empty], message: t("fillAll") };
    if (!values.terms) return { fields: ["terms"], message: t("agreeTerms") };
    if (passwordProblem(values.password) === "short") return { fields: ["password"], message: messages.passwordShort };
    if (!EMAIL_FORM.test(values.email)) return { fields: ["email"], message: t("invalidEmail") };
    return null;
  }

  function show(found: Problem, form: HTMLFormElement) {
    setProblem(found);
    const first = FIELDS.find((f) => found.fields.includes(f));
    if (first) form.querySelector<HTMLInputElement>(`#${first}`)?.focus();
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const values = {
      name: String(form.get("name") ?? "").trim(),
      email: String(form.get("email") ?? "").trim(),
      password: String(form.get("password") ?? ""),
      terms: form.get("terms") === "on",
    };
    const found = firstProblem(values);
    if (found) return show(found, formElement);
    setProblem(null);
    setBusy(true);
    try {
      const { ok, data } = await postForAnswer<{
        success?: boolean;
        message?: string;
        code?: string;
        sharedCourseId?: string;
      }>("/api/signup", { mName: values.name, email: values.email, password: values.password, type: "free" });
      if (!ok) {
        const empty = (["name", "email", "password"] as const).filter((f) => !values[f]);
        show(
          { fields: fieldsOfSignupError(data?.code, [...empty]), message: data?.message ?? t("failed") },
          formElement,
        );
        return;
      }
      notify.success(t("success"));
      // A copy of a shared course saved on the way in (the pending shared course) opens at once.
      router.replace(data?.sharedCourseId ? paths.course(data.sharedCourseId) : (callbackUrl ?? paths.dashboard()));
      router.refresh();
    } catch {
      setProblem({ fields: [], message: t("failed") });
    } finally {
      setBusy(false);
    }
  }

  /** Where the message of a field in error is shown: under the first of them. */
  const shownAt = problem ? FIELDS.find((f) => problem.fields.includes(f)) : undefined;
  const inError = (field: Field) => problem?.fields.includes(field) ?? false;
  /** aria-invalid and aria-describedby for a field: the message (when it is about it) before its hint. */
  const describe = (field: Field, hint?: string) => {
    const described = [inError(field) ? errorId : null, hint].filter(Boolean).join(" ");
    return { "aria-invalid": inError(field) || undefined, "aria-describedby": described || undefined };
  };
  const message = (field: Field) =>
    problem && shownAt === field ? (
      // An alert too: focus may already be on the field, and then moving it there says nothing.
      <p id={errorId} role="alert" className="text-sm text-destructive" data-testid="signup-error">
        {problem.message}
      </p>
    ) : null;
  // An edit clears the message of the field it was about: it was about the old value.
  const edited = (field: Field) => {
    if (inError(field)) setProblem(null);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy}>
      {problem && !shownAt && <Alert data-testid="signup-error">{problem.message}</Alert>}
      <div className="space-y-2">
        <Label htmlFor="name">{t("name")}</Label>
        <Input
          id="name"
          name="name"
          autoComplete="name"
          maxLength={100}
          onChange={() => edited("name")}
          {...describe("name")}
        />
        {message("name")}
      </div>
      <div className="space-y-2">
        <Label htmlFor="email">{t("email")}</Label>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={320}
          onChange={() => edited("email")}
          {...describe("email")}
        />
        {message("email")}
      </div>
      <div className="space-y-2">
        <Label htmlFor="password">{t("password")}</Label>
        <PasswordInput
          showLabel={messages.showPassword}
          hideLabel={messages.hidePassword}
          id="password"
          name="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          onChange={() => edited("password")}
          {...describe("password", ruleId)}
        />
        {message("password")}
        <PasswordRuleHint id={ruleId} text={messages.passwordRule} />
      </div>
      <div className="space-y-1">
        <div className="flex items-start gap-2">
          <input
            id="terms"
            name="terms"
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            onChange={() => edited("terms")}
            {...describe("terms")}
          />
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
        {message("terms")}
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t("submitting") : t("submit")}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t("haveAccount")}{" "}
        <Link href={paths.login({ callbackUrl })} className="font-medium text-primary hover:underline">
          {t("loginLink")}
        </Link>
      </p>
    </form>
  );
}
