import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { LandingHeader } from "@/components/landing/landing-header";
import { SiteFooter } from "@/components/landing/site-footer";
import { env } from "@/server/env";

export function generateMetadata(): Metadata {
  // Relative canonical and image URLs of every public page resolve against APP_URL.
  return { metadataBase: new URL(env().APP_URL) };
}

/**
 * The public site's frame: the landing header (anchors lead back to the landing page elsewhere),
 * the page, the footer. A route group of its own, so other public pages (a certificate, a shared
 * course) keep their own frame.
 */
export default async function PublicLayout({ children }: { children: React.ReactNode }) {
  const t = await getTranslations("common");
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      <LandingHeader />
      <main id="main">{children}</main>
      <SiteFooter />
    </>
  );
}
