import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { Card } from "@/components/ui/card";
import { ForgotPasswordForm } from "@/features/accounts/components/forgot-password-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("forgot"))("title") };
}

/** The e-mail typed on the login page ("Forgot password?" carries it), when it looks like one. */
function typedEmail(value: string | string[] | undefined): string {
  return typeof value === "string" && value.length <= 320 && !/[\u0000-\u001f]/.test(value) ? value.trim() : "";
}

export default async function ForgotPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ email?: string | string[] }>;
}) {
  const email = typedEmail((await searchParams).email);
  return (
    <Card className="w-full max-w-sm p-6 sm:p-8">
      <ScopedIntlBoundary namespaces={["forgot"]}>
        <ForgotPasswordForm initialEmail={email} />
      </ScopedIntlBoundary>
    </Card>
  );
}
