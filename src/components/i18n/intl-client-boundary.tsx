import { NextIntlClientProvider } from "next-intl";
import type * as React from "react";

/**
 * Gives client components below it `useTranslations`. It is not in the root layout on purpose:
 * the i18n runtime costs ~12 kB gzip, and the login and landing pages pass their client
 * components translated strings as props instead, to stay within the login page's budget.
 * Wrap a layout or page whose client components call `useTranslations` in it.
 */
export function IntlClientBoundary({ children }: { children: React.ReactNode }) {
  return <NextIntlClientProvider>{children}</NextIntlClientProvider>;
}
