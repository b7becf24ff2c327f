"use client";
import { MonitorDownIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useInstallPrompt } from "@/components/pwa/use-install-prompt";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DeleteAccountDialog, type EndingSubscription } from "./delete-account-dialog";
import { SessionsCard } from "./sessions-card";

/** `ending`: the subscriptions deleting the account cancels at their providers (read on the server). */
export function SettingsTab({ userId, ending }: { userId: string; ending: EndingSubscription[] }) {
  const t = useTranslations("profile");
  const { canInstall, install } = useInstallPrompt();

  return (
    <div className="space-y-4">
      {canInstall && (
        <Card className="flex flex-wrap items-center justify-between gap-4 p-6">
          <div className="space-y-1">
            <h2 className="text-lg font-semibold">{t("settings.appTitle")}</h2>
            <p className="text-sm text-muted-foreground">{t("settings.appText")}</p>
          </div>
          <Button variant="outline" onClick={install}>
            <MonitorDownIcon aria-hidden />
            {t("settings.install")}
          </Button>
        </Card>
      )}
      <SessionsCard />
      <Card className="flex flex-wrap items-center justify-between gap-4 border-destructive/40 p-6">
        <div className="max-w-md space-y-1">
          <h2 className="text-lg font-semibold">{t("settings.deleteTitle")}</h2>
          <p className="text-sm text-muted-foreground">{t("settings.deleteText")}</p>
        </div>
        <DeleteAccountDialog userId={userId} ending={ending} />
      </Card>
    </div>
  );
}
