import { LinkIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmEmailForm } from "@/features/accounts/components/confirm-email-form";
import { pendingEmailChange } from "@/features/accounts/email-change";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("confirmEmail"))("title"), referrer: "no-referrer" };
}

/**
 * The link mailed to a new address. Opening it changes nothing: mail scanners fetch links, so
 * the change waits for the button (POST /api/profile/confirm-email). Works signed in or not.
 */
export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("confirmEmail");
  const pending = await pendingEmailChange(token);
  if (!pending) {
    return (
      <Card className="w-full max-w-sm space-y-5 p-6 text-center sm:p-8" role="alert">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <LinkIcon className="size-6" aria-hidden />
        </span>
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight">{t("invalidTitle")}</h1>
          <p className="text-sm text-muted-foreground">{t("invalidText")}</p>
        </div>
        <Button asChild>
          <Link href={paths.profile()}>{t("toProfile")}</Link>
        </Button>
      </Card>
    );
  }
  return (
    <Card className="w-full max-w-sm p-6 sm:p-8">
      <ScopedIntlBoundary namespaces={["confirmEmail"]}>
        <ConfirmEmailForm token={token} newEmail={pending.newEmail} />
      </ScopedIntlBoundary>
    </Card>
  );
}
