import type * as React from "react";
import { IntlClientBoundary } from "@/components/i18n/intl-client-boundary";
import { requireUserPage } from "@/server/auth/session";

/** The course viewer lives outside the dashboard shell; its client parts translate themselves. */
export default async function CourseLayout({ children }: { children: React.ReactNode }) {
  await requireUserPage();
  return <IntlClientBoundary>{children}</IntlClientBoundary>;
}
