"use client";
import { PanelLeftIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type * as React from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { cn } from "@/lib/utils";
import { SIDEBAR_WIDTH_MOBILE } from "./sidebar-constants";
import { useSidebar } from "./sidebar-context";

/**
 * Desktop: a fixed column, 16rem open or 3rem as icons. Mobile (under 768 px): an 18rem drawer.
 * The content is the same in both.
 */
export function Sidebar({
  label,
  title,
  closeLabel,
  children,
}: {
  label: string;
  title: string;
  closeLabel: string;
  children: React.ReactNode;
}) {
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();
  // The column is always rendered (CSS hides it under 768 px) and the drawer is added on a phone:
  // the server renders the column, and a phone's first render after hydrating then only adds the
  // closed drawer instead of replacing the whole column.
  return (
    <>
      <aside
        data-sidebar="desktop"
        data-state={open ? "expanded" : "collapsed"}
        className={cn(
          "group/sidebar sticky top-0 hidden h-svh shrink-0 border-r bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-linear md:block",
          open ? "w-[var(--sidebar-width)]" : "w-[var(--sidebar-width-icon)]",
        )}
      >
        <nav aria-label={label} className="flex h-full flex-col overflow-hidden">
          {children}
        </nav>
      </aside>
      {isMobile && (
        <Sheet open={openMobile} onOpenChange={setOpenMobile}>
          <SheetContent
            side="left"
            closeLabel={closeLabel}
            data-sidebar="mobile"
            // The drawer is portalled out of the provider's element, so it sets its own width.
            style={{ width: SIDEBAR_WIDTH_MOBILE }}
            className="bg-sidebar p-0 text-sidebar-foreground"
          >
            <SheetTitle className="sr-only">{title}</SheetTitle>
            <SheetDescription className="sr-only">{label}</SheetDescription>
            <nav aria-label={label} className="flex h-full flex-col">
              {children}
            </nav>
          </SheetContent>
        </Sheet>
      )}
    </>
  );
}

/** True when the labels are hidden (desktop icon mode). */
function useSidebarCollapsed(): boolean {
  const { open, isMobile } = useSidebar();
  return !isMobile && !open;
}

export function SidebarTrigger({ label, className }: { label: string; className?: string }) {
  const { toggle, open, openMobile, isMobile } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      onClick={toggle}
      aria-label={label}
      title={`${label} (Ctrl+B)`}
      aria-expanded={isMobile ? openMobile : open}
      data-testid="sidebar-trigger"
    >
      <PanelLeftIcon aria-hidden />
    </Button>
  );
}

const itemClass =
  "flex h-9 w-full items-center gap-3 overflow-hidden rounded-md px-2.5 text-sm font-medium whitespace-nowrap outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4 [&_svg]:shrink-0";

export type SidebarLink = {
  href: string;
  label: string;
  /** An element, not a component: a server component builds the dashboard's links. */
  icon: React.ReactNode;
  exact?: boolean;
};

export function SidebarLinks({ links }: { links: SidebarLink[] }) {
  const pathname = usePathname();
  const collapsed = useSidebarCollapsed();
  const { setOpenMobile } = useSidebar();
  return (
    <ul className="flex flex-col gap-1 p-2">
      {links.map(({ href, label, icon, exact }) => {
        const active = exact ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
        return (
          <li key={href}>
            <Link
              href={href}
              aria-current={active ? "page" : undefined}
              title={collapsed ? label : undefined}
              onClick={() => setOpenMobile(false)}
              className={cn(itemClass, active && "bg-sidebar-accent text-sidebar-accent-foreground")}
            >
              {icon}
              <span className={cn(collapsed && "sr-only")}>{label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function SidebarButton({
  label,
  icon: Icon,
  ...props
}: React.ComponentProps<"button"> & { label: string; icon: React.ComponentType<{ "aria-hidden"?: boolean }> }) {
  const collapsed = useSidebarCollapsed();
  return (
    <button type="button" title={collapsed ? label : undefined} className={itemClass} {...props}>
      <Icon aria-hidden />
      <span className={cn(collapsed && "sr-only")}>{label}</span>
    </button>
  );
}
