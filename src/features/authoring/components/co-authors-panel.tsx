"use client";

import { MailIcon, UserMinusIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

type Editor = { id: string; email: string; name: string | null; userId: string | null; accepted: boolean };

/**
 * The owner's co-authors (issue 35): invite an editor by e-mail (a mail carries the link that
 * accepts), see who accepted and who is still invited, and remove either. Editors edit the
 * outline, lessons and quiz; the owner alone does this.
 */
export function CoAuthorsPanel({ courseId, initial }: { courseId: string; initial: Editor[] }) {
  const t = useTranslations("authoring.coAuthors");
  const [editors, setEditors] = React.useState(initial);
  const [email, setEmail] = React.useState("");
  const [busy, setBusy] = React.useState(false);
  const [status, setStatus] = React.useState<{ ok: boolean; text: string } | null>(null);

  const send = async (url: string, init: RequestInit, done: string) => {
    setBusy(true);
    setStatus(null);
    try {
      const response = await fetch(url, init);
      const data = (await response.json().catch(() => null)) as { editors?: Editor[]; message?: string } | null;
      if (!response.ok || !data?.editors) throw new Error(data?.message ?? t("failed"));
      setEditors(data.editors);
      setStatus({ ok: true, text: done });
      return true;
    } catch (error) {
      setStatus({ ok: false, text: error instanceof Error ? error.message : t("failed") });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const invite = async (event: React.FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    const sent = await send(
      `/api/courses/${courseId}/editors`,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: address }) },
      t("invited", { email: address }),
    );
    if (sent) setEmail("");
  };

  return (
    <section aria-labelledby="co-authors" className="mt-8 space-y-4 rounded-lg border p-4">
      <h2 id="co-authors" className="font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("help")}</p>
      <form onSubmit={(event) => void invite(event)} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 space-y-1">
          <Label htmlFor="co-author-email">{t("email")}</Label>
          <Input
            id="co-author-email"
            type="email"
            autoComplete="off"
            required
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={busy}>
          <MailIcon aria-hidden />
          {t("invite")}
        </Button>
      </form>
      <p role="status" aria-live="polite" className={`text-sm ${status && !status.ok ? "text-destructive" : ""}`}>
        {status?.text ?? ""}
      </p>
      {editors.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("none")}</p>
      ) : (
        <ul className="divide-y" data-testid="co-authors">
          {editors.map((editor) => (
            <li key={editor.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words">
                <span className="font-medium">{editor.name ?? editor.email}</span>
                {editor.name ? <span className="text-sm text-muted-foreground"> · {editor.email}</span> : null}
                <span className="ms-2 text-xs text-muted-foreground">
                  {editor.accepted ? t("editor") : t("pending")}
                </span>
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() =>
                  void send(
                    `/api/courses/${courseId}/editors/${editor.userId ?? editor.id}`,
                    { method: "DELETE" },
                    t("removed", { email: editor.email }),
                  )
                }
              >
                <UserMinusIcon aria-hidden />
                {t("remove", { email: editor.email })}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
