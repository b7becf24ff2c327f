import type * as React from "react";
import "@/components/print/script-fonts";

/** The card the server's browser photographs: the Noto faces for every script, served by the app. */
export default function CertificateCardLayout({ children }: { children: React.ReactNode }) {
  return children;
}
