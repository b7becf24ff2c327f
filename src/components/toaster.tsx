"use client";
import { useTheme } from "next-themes";
import { Toaster as Sonner } from "sonner";

/** The SPEC allows one toast at a time. */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  return <Sonner visibleToasts={1} richColors closeButton theme={resolvedTheme === "dark" ? "dark" : "light"} position="top-center" />;
}
