"use client";
import { BrainIcon, CreditCardIcon, HomeIcon, LayersIcon, ShieldIcon, SparklesIcon, UserIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { GraduationCapIcon } from "lucide-react";
import Link from "next/link";
import { cn } from "@/lib/utils";
import { InstallAppSidebarButton, LogoutSidebarButton, ThemeSidebarButton } from "./footer-actions";
import { Sidebar, SidebarLinks, useSidebarCollapsed, type SidebarLink } from "./sidebar";
import { paths } from "@/lib/paths";

export function SidebarBrand({ subtitle }: { subtitle?: string }) {
  const collapsed = useSidebarCollapsed();
  return (
    <div className="flex h-14 items-center gap-2 border-b px-2.5">
      <Link href={paths.dashboard()} className="flex min-w-0 items-center gap-2 font-bold" aria-label="Aula">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <GraduationCapIcon className="size-4" aria-hidden />
        </span>
        <span className={cn("truncate", collapsed && "sr-only")}>Aula</span>
      </Link>
      {subtitle && (
        <span className={cn("ml-auto truncate text-xs text-muted-foreground", collapsed && "hidden")}>{subtitle}</span>
      )}
    </div>
  );
}

export function DashboardSidebar({
  userName,
  userEmail,
  admin,
}: {
  userName: string;
  userEmail: string;
  admin: boolean;
}) {
  const t = useTranslations("sidebar");
  const collapsed = useSidebarCollapsed();
  const links: SidebarLink[] = [
    { href: paths.dashboard(), label: t("home"), icon: HomeIcon, exact: true },
    // Studying first (review, what the learner knows), then the SPEC's entries in its order.
    { href: paths.review(), label: t("review"), icon: LayersIcon },
    { href: paths.knowledge(), label: t("knowledge"), icon: BrainIcon },
    { href: paths.profile(), label: t("profile"), icon: UserIcon },
    { href: paths.pricing(), label: t("pricing"), icon: CreditCardIcon },
    { href: paths.generateCourse(), label: t("generateCourse"), icon: SparklesIcon },
    ...(admin ? [{ href: paths.admin(), label: t("adminPanel"), icon: ShieldIcon }] : []),
  ];
  return (
    <Sidebar label={t("label")} title={t("mobileTitle")} closeLabel={t("toggleSidebar")}>
      <SidebarBrand />
      <div className="flex-1 overflow-y-auto">
        <SidebarLinks links={links} />
      </div>
      <div className="border-t p-2">
        <div className={cn("mb-2 px-2.5 py-1", collapsed && "sr-only")} data-testid="sidebar-user">
          <p className="truncate text-sm font-medium">{userName}</p>
          <p className="truncate text-xs text-muted-foreground">{userEmail}</p>
        </div>
        <InstallAppSidebarButton />
        <ThemeSidebarButton />
        <LogoutSidebarButton />
      </div>
    </Sidebar>
  );
}
