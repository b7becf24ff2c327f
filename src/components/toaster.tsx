"use client";
import { useTheme } from "next-themes";
import dynamic from "next/dynamic";
import { useEffect, useSyncExternalStore } from "react";
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

// The width at which sonner itself switches to its full-width phone layout (and mobileOffset).
const PHONE = "(max-width: 600px)";

function subscribePhone(onChange: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True on a phone-sized screen, re-read when the window is resized. */
function usePhone(): boolean {
  return useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}

/**
 * The SPEC allows one toast at a time. On a phone the page's primary actions sit at the top
 * (the profile's Save beside its heading), so toasts rise from the bottom there, clear of the
 * course viewer's 4rem bottom bar; on wider screens they stay at the top. The notifications
 * region's name comes from the root layout in the page's language (sonner's own is English,
 * "Notifications alt+T").
 */
export function Toaster({ label }: { label: string }) {
  const { resolvedTheme } = useTheme();
  const phone = usePhone();
  return (
    <Sonner
      visibleToasts={1}
      richColors
      closeButton
      customAriaLabel={label}
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      position={phone ? "bottom-center" : "top-center"}
      mobileOffset={{ bottom: "5rem", left: "1rem", right: "1rem" }}
    />
  );
}
