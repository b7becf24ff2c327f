import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import type * as React from "react";
import { ThemeProvider } from "@/components/theme/theme-provider";
import { Toaster } from "@/components/toaster";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return { title: { default: t("title"), template: `%s · Aula` }, description: t("description") };
}

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#151824" },
  ],
};

const SW_REGISTRATION = `if("serviceWorker" in navigator&&window.isSecureContext)addEventListener("load",function(){navigator.serviceWorker.register("/sw.js").catch(function(){})})`;

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const [locale, t] = await Promise.all([getLocale(), getTranslations("common")]);
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // next-themes sets the theme class on <html> before paint, so React must not warn about it.
    <html lang={locale} suppressHydrationWarning>
      <body className="min-h-svh">
        <ThemeProvider nonce={nonce}>
          {children}
          <Toaster label={t("notifications")} />
        </ThemeProvider>
        {/* Offline reading (public/sw.js): registered inline, so no page ships a script for it. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SW_REGISTRATION }} />
      </body>
    </html>
  );
}
