"use client";
import { useTheme } from "next-themes";
import dynamic from "next/dynamic";
import { useEffect } from "react";
import type { ToasterProps } from "sonner";
import { toasterMounted } from "./notify";

// Loaded after hydration: toasts are never part of the first paint, and this keeps the
// library out of every page's first-load scripts.
const Sonner = dynamic(
  () =>
    import("sonner").then(({ Toaster: SonnerToaster }) => {
      function ReadyToaster(props: ToasterProps) {
        // Runs after the library's own subscribe effect (children's effects run first).
        useEffect(() => toasterMounted(), []);
        return <SonnerToaster {...props} />;
      }
      return ReadyToaster;
    }),
  { ssr: false },
);

/**
 * The SPEC allows one toast at a time. The notifications region's name comes from the root
 * layout in the page's language (sonner's own is English, "Notifications alt+T").
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
      position="top-center"
    />
  );
}
