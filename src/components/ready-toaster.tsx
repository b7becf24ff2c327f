"use client";
import { useEffect, useSyncExternalStore } from "react";
import { Toaster as SonnerToaster, type ToasterProps } from "sonner";
import { toasterMounted } from "./notify";

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
 * The toaster as it is loaded after hydration (toaster.tsx), with the library. On a phone the
 * page's primary actions sit at the top (the profile's Save beside its heading), so toasts rise
 * from the bottom there, clear of the course viewer's 4rem bottom bar; on wider screens they stay
 * at the top. Kept here, not in toaster.tsx, so none of it weighs on a page's first load.
 */
export function ReadyToaster(props: Omit<ToasterProps, "position" | "mobileOffset">) {
  const phone = usePhone();
  // Runs after the library's own subscribe effect (children's effects run first).
  useEffect(() => toasterMounted(), []);
  return (
    <SonnerToaster
      {...props}
      position={phone ? "bottom-center" : "top-center"}
      mobileOffset={{ bottom: "5rem", left: "1rem", right: "1rem" }}
    />
  );
}
