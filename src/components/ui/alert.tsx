import type * as React from "react";
import { cn } from "@/lib/utils";

export function Alert({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      role="alert"
      className={cn(
        "rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive dark:text-red-300",
        className,
      )}
      {...props}
    />
  );
}
