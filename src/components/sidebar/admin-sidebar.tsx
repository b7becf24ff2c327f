"use client";
import { ArrowLeftIcon, LayoutDashboardIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { ADMIN_SECTIONS } from "./admin-sections";
import { SidebarBrand } from "./sidebar-brand";
import { ThemeSidebarButton } from "./footer-actions";
import { Sidebar, SidebarLinks, type SidebarLink } from "./sidebar";
import { paths } from "@/lib/paths";

export function AdminSidebar() {
  const t = useTranslations("admin");
  const links: SidebarLink[] = [
    { href: paths.admin(), label: t("dashboard"), icon: <LayoutDashboardIcon aria-hidden />, exact: true },
    ...ADMIN_SECTIONS.map((s) => ({ href: paths.admin(s.slug), label: t(s.key), icon: <s.icon aria-hidden /> })),
  ];
  return (
    <Sidebar label={t("label")} title={t("title")} closeLabel={t("title")}>
      <SidebarBrand subtitle={t("title")} />
      <div className="flex-1 overflow-y-auto">
        <SidebarLinks links={links} />
      </div>
      <div className="border-t p-2">
        <SidebarLinks
          links={[{ href: paths.dashboard(), label: t("backToApp"), icon: <ArrowLeftIcon aria-hidden />, exact: true }]}
        />
        <ThemeSidebarButton />
      </div>
    </Sidebar>
  );
}
