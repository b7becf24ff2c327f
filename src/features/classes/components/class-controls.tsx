"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { paths } from "@/lib/paths";

/**
 * The classes feature's buttons and forms. Each sends one request to /api/classes, says what
 * happened in a toast, then shows the page again from the server (or goes where it leads).
 */

type Sent = { ok: true; body: Record<string, unknown> } | { ok: false; message?: string };

async function send(url: string, method: string, body?: unknown): Promise<Sent> {
  try {
    const response = await fetch(url, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return response.ok ? { ok: true, body: answer } : { ok: false, message: answer.message as string | undefined };
  } catch {
    return { ok: false };
  }
}

/** Sends, tells the outcome, and refreshes or goes to `next(answer)`. */
function useClassRequest() {
  const t = useTranslations("classes");
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const run = async (
    request: { url: string; method: string; body?: unknown },
    done: string,
    next?: (answer: Record<string, unknown>) => string | undefined,
  ) => {
    setBusy(true);
    const sent = await send(request.url, request.method, request.body);
    setBusy(false);
    if (!sent.ok) {
      notify.error(t("failed"), sent.message);
      return false;
    }
    notify.success(done);
    const to = next?.(sent.body);
    if (to) router.push(to);
    else router.refresh();
    return true;
  };
  return { busy, run, t };
}

/** One action on a class, asked first when `confirm` is given (remove, leave, delete, new code). */
export function ClassActionButton({
  url,
  method,
  body,
  label,
  ariaLabel,
  done,
  confirm,
  then,
  variant = "outline",
  testId,
}: {
  url: string;
  method: "POST" | "DELETE" | "PATCH";
  body?: unknown;
  label: string;
  ariaLabel?: string;
  done: string;
  confirm?: { title: string; text: string; action: string };
  then?: string;
  variant?: "outline" | "default" | "destructive";
  testId?: string;
}) {
  const { busy, run, t } = useClassRequest();
  const act = async () => {
    if (confirm) {
      // The dialog loads on the first click: the page's first load stays small.
      const { askChoice } = await import("@/components/choice-dialog");
      const choice = await askChoice(confirm.title, confirm.text, { confirm: confirm.action, cancel: t("cancel") });
      if (choice !== "confirm") return;
    }
    await run({ url, method, body }, done, () => then);
  };
  return (
    <Button
      variant={variant}
      size="sm"
      onClick={() => void act()}
      disabled={busy}
      aria-label={ariaLabel}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

/** A one-field form: the class's name, a join code, a co-teacher's e-mail. */
export function ClassFieldForm({
  url,
  field,
  label,
  hint,
  type = "text",
  maxLength,
  submit,
  busyLabel,
  done,
  goTo,
}: {
  url: string;
  field: "name" | "code" | "email";
  label: string;
  hint?: string;
  type?: "text" | "email";
  maxLength: number;
  submit: string;
  busyLabel?: string;
  done: string;
  /** Where to go after: the made or joined class's page, from the answer's `id` or `classId`. */
  goTo?: "class";
}) {
  const { busy, run } = useClassRequest();
  const id = React.useId();
  const [value, setValue] = React.useState("");
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const ok = await run({ url, method: "POST", body: { [field]: value } }, done, (answer) => {
      const classId = (answer.id ?? answer.classId) as string | undefined;
      return goTo === "class" && classId ? paths.classPage(classId) : undefined;
    });
    if (ok) setValue("");
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-56 flex-1 flex-col gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type={type}
          required
          maxLength={maxLength}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-describedby={hint ? `${id}-hint` : undefined}
          autoComplete="off"
        />
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={busy}>
        {busy && busyLabel ? busyLabel : submit}
      </Button>
    </form>
  );
}

/** Gives a course to the class, with an optional due date. */
export function AssignCourseForm({ classId, courses }: { classId: string; courses: { id: string; title: string }[] }) {
  const { busy, run, t } = useClassRequest();
  const id = React.useId();
  const [courseId, setCourseId] = React.useState(courses[0]?.id ?? "");
  const [due, setDue] = React.useState("");
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    // A due date is a calendar day: its end in UTC, shown in UTC, so it reads the same everywhere.
    const dueAt = due ? `${due}T23:59:59Z` : null;
    await run(
      { url: `/api/classes/${encodeURIComponent(classId)}/assignments`, method: "POST", body: { courseId, dueAt } },
      t("assigned"),
    );
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-56 flex-1 flex-col gap-1.5">
        <Label htmlFor={`${id}-course`}>{t("course")}</Label>
        <select
          id={`${id}-course`}
          value={courseId}
          onChange={(event) => setCourseId(event.target.value)}
          className="h-9 rounded-md border bg-background px-2 text-sm"
        >
          {courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.title}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-due`}>{t("dueDate")}</Label>
        <Input id={`${id}-due`} type="date" value={due} onChange={(event) => setDue(event.target.value)} />
      </div>
      <Button type="submit" disabled={busy || !courseId}>
        {t("assignButton")}
      </Button>
    </form>
  );
}

/** Copies the class's join link. */
export function CopyJoinLink({ path }: { path: string }) {
  const t = useTranslations("classes");
  const copy = async () => {
    const link = new URL(path, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(link);
      notify.success(t("linkCopied"), link);
    } catch {
      notify.info(t("joinLink"), link);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()}>
      {t("copyLink")}
    </Button>
  );
}
