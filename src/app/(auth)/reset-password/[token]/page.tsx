import { LinkIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ResetPasswordForm } from "@/features/accounts/components/reset-password-form";
import { isResetTokenUsable } from "@/features/accounts/password-reset";
import { redirectSignedInUser } from "@/server/auth/session";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("reset"))("title"), referrer: "no-referrer" };
}

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  await redirectSignedInUser();
  const { token } = await params;
  const t = await getTranslations("reset");
  if (!(await isResetTokenUsable(token))) {
    return (
      <Card className="w-full max-w-sm space-y-5 p-6 text-center sm:p-8" role="alert">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <LinkIcon className="size-6" aria-hidden />
        </span>
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight">{t("invalidTitle")}</h1>
          <p className="text-sm text-muted-foreground">{t("invalidText")}</p>
        </div>
        <div className="flex flex-col gap-2">
          <Button asChild>
            <Link href={paths.forgotPassword()}>{t("requestNew")}</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link href={paths.login()}>{t("backToLogin")}</Link>
          </Button>
        </div>
      </Card>
    );
  }
  return (
    <Card className="w-full max-w-sm p-6 sm:p-8">
      <ScopedIntlBoundary namespaces={["reset", "auth"]}>
        <ResetPasswordForm token={token} />
      </ScopedIntlBoundary>
    </Card>
  );
}
