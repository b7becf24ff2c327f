"use client";
import { notify } from "@/components/notify";
import { LaptopIcon, LogOutIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { postForAnswer } from "@/lib/http/post-json";

type SessionItem = {
  id: string;
  browser: string | null;
  os: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};
type State = { status: "loading" } | { status: "failed" } | { status: "ready"; sessions: SessionItem[] };

const intlLocale: Record<string, string> = { pt: "pt-BR", en: "en-US" };

async function fetchSessions(): Promise<SessionItem[] | null> {
  try {
    const response = await fetch("/api/sessions", { cache: "no-store" });
    const data = (await response.json().catch(() => null)) as { success?: boolean; sessions?: SessionItem[] } | null;
    return response.ok && data?.success && Array.isArray(data.sessions) ? data.sessions : null;
  } catch {
    return null;
  }
}

/** Settings → the browsers signed in to the account, with "sign out of all other sessions". */
export function SessionsCard() {
  const t = useTranslations("profile");
  const locale = useLocale();
  const [state, setState] = useState<State>({ status: "loading" });
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const sessions = await fetchSessions();
    setState(sessions ? { status: "ready", sessions } : { status: "failed" });
  }, []);

  useEffect(() => {
    let active = true;
    void fetchSessions().then((sessions) => {
      if (active) setState(sessions ? { status: "ready", sessions } : { status: "failed" });
    });
    return () => {
      active = false;
    };
  }, []);

  const date = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale[locale] ?? locale, { dateStyle: "medium", timeStyle: "short" }).format(
      new Date(iso),
    );
  const device = (s: SessionItem) =>
    t("sessions.device", { browser: s.browser ?? t("sessions.unknownBrowser"), os: s.os ?? t("sessions.unknownOs") });

  async function signOutOthers() {
    setBusy(true);
    try {
      const { ok, data } = await postForAnswer("/api/sessions", { signOut: "others" });
      if (!ok) {
        notify.error(t("errorTitle"), data?.message ?? t("failed"));
        return;
      }
      notify.success(t("sessions.signedOutOthers"), data?.message);
      await load();
    } catch {
      notify.error(t("errorTitle"), t("failed"));
    } finally {
      setBusy(false);
    }
  }

  async function signOutOne(session: SessionItem) {
    setBusy(true);
    try {
      const response = await fetch(`/api/sessions/${encodeURIComponent(session.id)}`, { method: "DELETE" });
      const data = (await response.json().catch(() => null)) as { success?: boolean; message?: string } | null;
      if (!response.ok || !data?.success) notify.error(t("errorTitle"), data?.message ?? t("failed"));
      else notify.success(t("sessions.signedOut"));
      await load();
    } catch {
      notify.error(t("errorTitle"), t("failed"));
    } finally {
      setBusy(false);
    }
  }

  const others = state.status === "ready" ? state.sessions.filter((s) => !s.current).length : 0;
  return (
    <Card className="p-6">
      <div className="mb-4 space-y-1">
        <h2 className="text-lg font-semibold">{t("sessions.title")}</h2>
        <p className="text-sm text-muted-foreground">{t("sessions.description")}</p>
      </div>
      {state.status === "loading" && (
        <p role="status" className="text-sm text-muted-foreground">
          {t("sessions.loading")}
        </p>
      )}
      {state.status === "failed" && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{t("sessions.failed")}</span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setState({ status: "loading" });
              void load();
            }}
          >
            {t("sessions.retry")}
          </Button>
        </div>
      )}
      {state.status === "ready" && state.sessions.length === 0 && (
        <p className="text-sm text-muted-foreground">{t("sessions.empty")}</p>
      )}
      {state.status === "ready" && state.sessions.length > 0 && (
        <ul aria-label={t("sessions.listLabel")} className="divide-y rounded-lg border" data-testid="sessions-list">
          {state.sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="flex min-w-0 items-start gap-3">
                <LaptopIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {device(session)}
                    {session.current && <Badge variant="success">{t("sessions.thisDevice")}</Badge>}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t("sessions.created", { date: date(session.createdAt) })} ·{" "}
                    {t("sessions.lastSeen", { date: date(session.lastSeenAt) })}
                  </p>
                </div>
              </div>
              {!session.current && (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  aria-label={t("sessions.signOutLabel", { device: device(session) })}
                  onClick={() => void signOutOne(session)}
                >
                  <LogOutIcon aria-hidden />
                  {t("sessions.signOut")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {state.status === "ready" && (
        <ConfirmDialog
          trigger={
            <Button variant="outline" className="mt-4" disabled={others === 0 || busy}>
              <LogOutIcon aria-hidden />
              {t("sessions.signOutOthers")}
            </Button>
          }
          title={t("sessions.confirmTitle")}
          description={t("sessions.confirmText")}
          cancelLabel={t("cancel")}
          confirmLabel={t("sessions.confirmButton")}
          busyLabel={t("sessions.signingOut")}
          onConfirm={signOutOthers}
        />
      )}
    </Card>
  );
}
