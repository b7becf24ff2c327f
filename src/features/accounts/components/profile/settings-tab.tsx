"use client";
import { notify } from "@/components/notify";
import { MonitorDownIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useInstallPrompt } from "@/components/pwa/use-install-prompt";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { postForAnswer } from "@/lib/http/post-json";
import { clearOfflineStorage } from "@/lib/offline-storage";
import { SessionsCard } from "./sessions-card";
import { paths } from "@/lib/paths";

export function SettingsTab({ userId }: { userId: string }) {
  const t = useTranslations("profile");
  const router = useRouter();
  const { canInstall, install } = useInstallPrompt();

  async function deleteProfile() {
    try {
      const { ok, data } = await postForAnswer("/api/deleteuser", { userId });
      if (!ok) {
        notify.error(t("errorTitle"), data?.message ?? t("failed"));
        return;
      }
      // The account's session ended with it, and so do its offline copies (as at sign-out).
      await clearOfflineStorage().catch(() => undefined);
      notify.success(t("settings.deleted"));
      router.replace(paths.home());
      router.refresh();
    } catch {
      notify.error(t("errorTitle"), t("failed"));
    }
  }

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
        <ConfirmDialog
          trigger={
            <Button variant="destructive">
              <Trash2Icon aria-hidden />
              {t("settings.deleteButton")}
            </Button>
          }
          title={t("settings.confirmTitle")}
          description={t("settings.confirmText")}
          cancelLabel={t("cancel")}
          confirmLabel={t("settings.confirmDelete")}
          busyLabel={t("settings.deleting")}
          destructive
          onConfirm={deleteProfile}
        />
      </Card>
    </div>
  );
}
