"use client";
import { CheckCircle2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { notify } from "@/components/notify";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { postForAnswer } from "@/lib/http/post-json";
import { cn } from "@/lib/utils";
import { CONTACT_SUBJECTS } from "../contact-subjects";

type Field = "name" | "email" | "subject" | "message";
type Errors = Partial<Record<Field, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const fieldClass =
  "flex w-full rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm";

/** /contact: the SPEC's form (all fields required), then the success panel with "send another". */
export function ContactForm() {
  const t = useTranslations("contact");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function validate(values: Record<Field, string>): Errors {
    const found: Errors = {};
    if (!values.name) found.name = t("errors.nameRequired");
    if (!values.email) found.email = t("errors.emailRequired");
    else if (!EMAIL.test(values.email)) found.email = t("errors.emailInvalid");
    if (!values.subject) found.subject = t("errors.subjectRequired");
    if (!values.message) found.message = t("errors.messageRequired");
    return found;
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => String(form.get(name) ?? "").trim();
    const values = { name: read("name"), email: read("email"), subject: read("subject"), message: read("message") };
    const found = validate(values);
    setErrors(found);
    const first = (Object.keys(found) as Field[])[0];
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const { ok, data } = await postForAnswer("/api/contact", {
        fname: values.name,
        lname: values.subject,
        email: values.email,
        phone: "",
        msg: values.message,
        website: read("website"),
      });
      if (!ok) {
        notify.error(t("failed"), data?.message);
        return;
      }
      notify.success(t("sent"));
      setSent(true);
    } catch {
      notify.error(t("failed"));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div
        role="status"
        className="flex flex-col items-center gap-4 rounded-2xl border bg-card p-8 text-center"
        data-testid="contact-success"
      >
        <CheckCircle2Icon className="size-12 text-emerald-600 dark:text-emerald-400" aria-hidden />
        <h2 className="text-2xl font-semibold">{t("success.title")}</h2>
        <p className="text-muted-foreground">{t("success.text")}</p>
        <Button
          onClick={() => {
            setErrors({});
            setSent(false);
          }}
        >
          {t("success.again")}
        </Button>
      </div>
    );
  }

  const describe = (field: Field) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {};
  const message = (field: Field) =>
    errors[field] ? (
      <p id={`${field}-error`} className="text-sm text-destructive">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-busy={busy}
      className="space-y-5 rounded-2xl border bg-card p-6 sm:p-8"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="contact-name">{t("name")}</Label>
          <Input id="contact-name" name="name" autoComplete="name" maxLength={200} required {...describe("name")} />
          {message("name")}
        </div>
        <div className="space-y-2">
          <Label htmlFor="contact-email">{t("email")}</Label>
          <Input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={320}
            required
            {...describe("email")}
          />
          {message("email")}
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor="contact-subject">{t("subject")}</Label>
        <select
          id="contact-subject"
          name="subject"
          defaultValue=""
          required
          className={cn(fieldClass, "h-10 bg-background")}
          {...describe("subject")}
        >
          <option value="" disabled>
            {t("subjectPlaceholder")}
          </option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {t(`subjects.${subject}`)}
            </option>
          ))}
        </select>
        {message("subject")}
      </div>
      <div className="space-y-2">
        <Label htmlFor="contact-message">{t("message")}</Label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          maxLength={5000}
          required
          className={fieldClass}
          {...describe("message")}
        />
        {message("message")}
      </div>
      {/* The honeypot: off-screen and out of the tab order, so only bots fill it. */}
      <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{t("honeypot")}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
        {busy ? t("sending") : t("send")}
      </Button>
    </form>
  );
}
