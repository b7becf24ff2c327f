import { GraduationCapIcon } from "lucide-react";
import Link from "next/link";
import { cn } from "@/lib/utils";

/** `compact`: the name is only read to screen readers on phones, where the header is crowded. */
export function Brand({ href = "/", compact = false }: { href?: string; compact?: boolean }) {
  return (
    <Link href={href} className="flex items-center gap-2 text-lg font-bold tracking-tight">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <GraduationCapIcon className="size-5" aria-hidden />
      </span>
      <span className={cn(compact && "max-sm:sr-only")}>Aula</span>
    </Link>
  );
}
