"use client";
import { ThemeProvider as NextThemesProvider } from "next-themes";
import type * as React from "react";

/** Light and dark, defaulting to the system preference; the pre-paint script avoids a flash. */
export function ThemeProvider({ children, nonce }: { children: React.ReactNode; nonce?: string }) {
  return (
    <NextThemesProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      {children}
    </NextThemesProvider>
  );
}
