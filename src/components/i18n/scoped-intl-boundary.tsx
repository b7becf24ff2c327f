import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type * as React from "react";

/**
 * Like IntlClientBoundary, for pages outside the logged-in shell: gives the client components
 * below it `useTranslations` for the named catalog namespaces only, so a small public page does
 * not ship every message of the app.
 */
export async function ScopedIntlBoundary({ namespaces, children }: { namespaces: string[]; children: React.ReactNode }) {
  const all = (await getMessages()) as Record<string, unknown>;
  const messages = Object.fromEntries(namespaces.filter((name) => name in all).map((name) => [name, all[name]]));
  return <NextIntlClientProvider messages={messages as never}>{children}</NextIntlClientProvider>;
}
