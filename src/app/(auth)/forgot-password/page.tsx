import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { Card } from "@/components/ui/card";
import { ForgotPasswordForm } from "@/features/accounts/components/forgot-password-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("forgot"))("title") };
}

export default function ForgotPasswordPage() {
  return (
    <Card className="w-full max-w-sm p-6 sm:p-8">
      <ScopedIntlBoundary namespaces={["forgot"]}>
        <ForgotPasswordForm />
      </ScopedIntlBoundary>
    </Card>
  );
}
