"use client";
import { LogOutIcon, MonitorDownIcon, MoonIcon, SunIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { useState } from "react";
import { notify } from "@/components/notify";
import { useInstallPrompt } from "@/components/pwa/use-install-prompt";
import { clearOfflineStorage } from "@/lib/offline-storage";
import { SidebarButton } from "./sidebar";
import { paths } from "@/lib/paths";

function ThemeIcon() {
  return (
    <>
      <SunIcon className="dark:hidden" aria-hidden />
      <MoonIcon className="hidden dark:block" aria-hidden />
    </>
  );
}

export function ThemeSidebarButton() {
  const t = useTranslations("sidebar");
  const { resolvedTheme, setTheme } = useTheme();
  return (
    <SidebarButton
      label={t("toggleTheme")}
      icon={ThemeIcon}
      onClick={() => setTheme(resolvedTheme === "dark" ? "light" : "dark")}
    />
  );
}

export function LogoutSidebarButton() {
  const t = useTranslations("sidebar");
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <SidebarButton
      label={t("logout")}
      icon={LogOutIcon}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await fetch("/api/signout", { method: "POST" });
          // Offline copies are this user's: none may outlive the session on a shared device.
          await clearOfflineStorage().catch(() => undefined);
          notify.success(t("loggedOut"));
          router.replace(paths.login());
          router.refresh();
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

/** Shown only when the browser offers to install the app (its `beforeinstallprompt` event). */
export function InstallAppSidebarButton() {
  const t = useTranslations("sidebar");
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return <SidebarButton label={t("installApp")} icon={MonitorDownIcon} onClick={install} />;
}
