import type * as React from "react";
import { AppShell } from "@/components/app-shell";
import { DashboardSidebar } from "@/components/sidebar/dashboard-sidebar";
import { OfflineOwner } from "@/features/export/components/offline-owner";
import { isAdmin, requireUserPage } from "@/server/auth/session";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUserPage();
  return (
    <AppShell sidebar={<DashboardSidebar userName={user.name} userEmail={user.email} admin={isAdmin(user)} />}>
      <OfflineOwner />
      {children}
    </AppShell>
  );
}
