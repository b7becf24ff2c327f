import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type * as React from "react";

/**
 * Gives the client components below it `useTranslations` for the named catalog namespaces only,
 * so no page ships every message of the app (the whole catalog is about 21 kB). It is not in the
 * root layout: the i18n runtime costs ~12 kB gzip, and the login and landing pages pass their
 * client components translated strings as props instead. An inner boundary replaces the outer
 * one's messages for its subtree: list every namespace the subtree's client components use.
 */
export async function ScopedIntlBoundary({
  namespaces,
  children,
}: {
  namespaces: string[];
  children: React.ReactNode;
}) {
  const all = (await getMessages()) as Record<string, unknown>;
  const messages = Object.fromEntries(namespaces.filter((name) => name in all).map((name) => [name, all[name]]));
  return <NextIntlClientProvider messages={messages as never}>{children}</NextIntlClientProvider>;
}
