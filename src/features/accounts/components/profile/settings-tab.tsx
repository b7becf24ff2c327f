"use client";
import { notify } from "@/components/notify";
import { MonitorDownIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useInstallPrompt } from "@/components/pwa/use-install-prompt";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { postForAnswer } from "@/lib/http/post-json";
import { SessionsCard } from "./sessions-card";

export function SettingsTab({ userId }: { userId: string }) {
  const t = useTranslations("profile");
  const router = useRouter();
  const { canInstall, install } = useInstallPrompt();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function deleteProfile() {
    setDeleting(true);
    try {
      const { ok, data } = await postForAnswer("/api/deleteuser", { userId });
      if (!ok) {
        setConfirming(false);
        notify.error(t("errorTitle"), data?.message ?? t("failed"));
        return;
      }
      notify.success(t("settings.deleted"));
      router.replace("/");
      router.refresh();
    } catch {
      setConfirming(false);
      notify.error(t("errorTitle"), t("failed"));
    } finally {
      setDeleting(false);
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
        <AlertDialog open={confirming} onOpenChange={(open) => !deleting && setConfirming(open)}>
          <AlertDialogTrigger asChild>
            <Button variant="destructive">
              <Trash2Icon aria-hidden />
              {t("settings.deleteButton")}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t("settings.confirmTitle")}</AlertDialogTitle>
              <AlertDialogDescription>{t("settings.confirmText")}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={deleting}>{t("cancel")}</AlertDialogCancel>
              <AlertDialogAction
                variant="destructive"
                disabled={deleting}
                onClick={(event) => {
                  // Keep the dialog open while the deletion runs; it closes or navigates after.
                  event.preventDefault();
                  void deleteProfile();
                }}
              >
                {deleting ? t("settings.deleting") : t("settings.confirmDelete")}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </Card>
    </div>
  );
}
