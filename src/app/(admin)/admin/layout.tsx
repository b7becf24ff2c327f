import type * as React from "react";
import { AppShell } from "@/components/app-shell";
import { AdminSidebar } from "@/components/sidebar/admin-sidebar";
import { OfflineOwner } from "@/features/export/components/offline-owner";
import { requireAdminPage } from "@/server/auth/session";

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await requireAdminPage();
  return (
    <AppShell sidebar={<AdminSidebar />} namespaces={["admin"]}>
      <OfflineOwner />
      {children}
    </AppShell>
  );
}
