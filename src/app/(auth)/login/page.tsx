import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { authFormMessages } from "@/features/accounts/auth-messages";
import { LoginForm } from "@/features/accounts/components/login-form";
import { EndOfflineCopies } from "@/features/export/components/end-offline-copies";
import { redirectSignedInUser, safeCallbackPath } from "@/server/auth/session";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.login");
  return { title: t("submit") };
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string | string[] }>;
}) {
  const asked = (await searchParams).callbackUrl;
  const checked = safeCallbackPath(typeof asked === "string" ? asked : null) ?? undefined;
  await redirectSignedInUser(checked);
  const t = await getTranslations("auth.login");
  const callbackUrl = checked ?? paths.dashboard();
  return (
    <Card className="w-full max-w-sm p-6 sm:p-8">
      <div className="mb-6 space-y-1 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
      </div>
      <LoginForm callbackUrl={callbackUrl} messages={await authFormMessages("login")} />
      <EndOfflineCopies />
    </Card>
  );
}
