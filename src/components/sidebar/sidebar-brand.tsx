import { GraduationCapIcon } from "lucide-react";
import Link from "next/link";
import { cn } from "@/lib/utils";
import { SIDEBAR_COLLAPSED_HIDDEN, SIDEBAR_COLLAPSED_SR_ONLY } from "./sidebar-constants";
import { paths } from "@/lib/paths";

/** The sidebar's top: the app's name, linking home. No hooks: the server renders it. */
export function SidebarBrand({ subtitle }: { subtitle?: string }) {
  return (
    <div className="flex h-14 items-center gap-2 border-b px-2.5">
      <Link href={paths.dashboard()} className="flex min-w-0 items-center gap-2 font-bold" aria-label="Aula">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <GraduationCapIcon className="size-4" aria-hidden />
        </span>
        <span className={cn("truncate", SIDEBAR_COLLAPSED_SR_ONLY)}>Aula</span>
      </Link>
      {subtitle && (
        <span className={cn("ml-auto truncate text-xs text-muted-foreground", SIDEBAR_COLLAPSED_HIDDEN)}>
          {subtitle}
        </span>
      )}
    </div>
  );
}
