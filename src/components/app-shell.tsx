import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { LanguageMenu } from "@/components/i18n/language-menu";
import { SIDEBAR_COOKIE } from "@/components/sidebar/sidebar-constants";
import { SidebarProvider } from "@/components/sidebar/sidebar-context";
import { SidebarTrigger } from "@/components/sidebar/sidebar";

/**
 * The logged-in frame: a sidebar, a top bar with its trigger and the language menu, and the page.
 * The shell's client components get only the shell's messages; each page gives its own client
 * components their namespaces (a layout or page wraps them in ScopedIntlBoundary), so no page
 * ships the whole catalog. The admin frame adds `admin` (its sidebar and its pages' editors); the
 * learner's frame does not send that namespace (5 kB) to every dashboard page.
 */
const SHELL_NAMESPACES = ["common", "sidebar"];

export async function AppShell({
  sidebar,
  namespaces = [],
  children,
}: {
  sidebar: React.ReactNode;
  /** Namespaces the frame's client components need besides the shell's own. */
  namespaces?: string[];
  children: React.ReactNode;
}) {
  const t = await getTranslations();
  const stored = (await cookies()).get(SIDEBAR_COOKIE)?.value;
  return (
    <ScopedIntlBoundary namespaces={[...SHELL_NAMESPACES, ...namespaces]}>
      <SidebarProvider defaultOpen={stored !== "false"}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
        >
          {t("common.skipToContent")}
        </a>
        {sidebar}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/80 px-3 backdrop-blur">
            <SidebarTrigger label={t("sidebar.toggleSidebar")} />
            <div className="ml-auto">
              <LanguageMenu />
            </div>
          </header>
          <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
            {children}
          </main>
        </div>
      </SidebarProvider>
    </ScopedIntlBoundary>
  );
}
