import {
  BrainIcon,
  CreditCardIcon,
  HomeIcon,
  LayersIcon,
  ShieldIcon,
  SparklesIcon,
  UserIcon,
  UsersIcon,
} from "lucide-react";
import { getTranslations } from "next-intl/server";
import { cn } from "@/lib/utils";
import { InstallAppSidebarButton, LogoutSidebarButton, ThemeSidebarButton } from "./footer-actions";
import { Sidebar, SidebarLinks, type SidebarLink } from "./sidebar";
import { SidebarBrand } from "./sidebar-brand";
import { SIDEBAR_COLLAPSED_SR_ONLY } from "./sidebar-constants";
import { paths } from "@/lib/paths";

/**
 * The learner's sidebar, a server component (issue 25): the brand and the user's name are plain
 * HTML; only the column or drawer, the links (the current page, the collapsed titles) and the
 * footer's buttons hydrate.
 */
export async function DashboardSidebar({
  userName,
  userEmail,
  admin,
}: {
  userName: string;
  userEmail: string;
  admin: boolean;
}) {
  const t = await getTranslations("sidebar");
  const links: SidebarLink[] = [
    { href: paths.dashboard(), label: t("home"), icon: <HomeIcon aria-hidden />, exact: true },
    // Studying first (review, what the learner knows), then the SPEC's entries in its order.
    { href: paths.review(), label: t("review"), icon: <LayersIcon aria-hidden /> },
    { href: paths.knowledge(), label: t("knowledge"), icon: <BrainIcon aria-hidden /> },
    { href: paths.classes(), label: t("classes"), icon: <UsersIcon aria-hidden /> },
    { href: paths.profile(), label: t("profile"), icon: <UserIcon aria-hidden /> },
    { href: paths.pricing(), label: t("pricing"), icon: <CreditCardIcon aria-hidden /> },
    { href: paths.generateCourse(), label: t("generateCourse"), icon: <SparklesIcon aria-hidden /> },
    ...(admin ? [{ href: paths.admin(), label: t("adminPanel"), icon: <ShieldIcon aria-hidden /> }] : []),
  ];
  return (
    <Sidebar label={t("label")} title={t("mobileTitle")} closeLabel={t("toggleSidebar")}>
      <SidebarBrand />
      <div className="flex-1 overflow-y-auto">
        <SidebarLinks links={links} />
      </div>
      <div className="border-t p-2">
        <div className={cn("mb-2 px-2.5 py-1", SIDEBAR_COLLAPSED_SR_ONLY)} data-testid="sidebar-user">
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
