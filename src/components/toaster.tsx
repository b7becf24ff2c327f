"use client";
import { useTheme } from "next-themes";
import dynamic from "next/dynamic";

// Loaded after hydration: toasts are never part of the first paint, and this keeps the
// library out of every page's first-load scripts.
const Sonner = dynamic(() => import("./ready-toaster").then(({ ReadyToaster }) => ReadyToaster), { ssr: false });

/**
 * The SPEC allows one toast at a time; where they appear is ready-toaster.tsx's choice (the top,
 * or the bottom on a phone). The notifications region's name comes from the root layout in the
 * page's language (sonner's own is English, "Notifications alt+T").
 */
export function Toaster({ label }: { label: string }) {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      visibleToasts={1}
      richColors
      closeButton
      customAriaLabel={label}
      theme={resolvedTheme === "dark" ? "dark" : "light"}
    />
  );
}
