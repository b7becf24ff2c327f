import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { authFormMessages } from "@/features/accounts/auth-messages";
import { SignupForm } from "@/features/accounts/components/signup-form";
import { EndOfflineCopies } from "@/features/export/components/end-offline-copies";
import { redirectSignedInUser, safeCallbackPath } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.signup");
  return { title: t("submit") };
}

export default async function SignupPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string | string[] }>;
}) {
  // Where the visitor was going (the hero, Save a copy), checked as the login page checks it.
  const asked = (await searchParams).callbackUrl;
  const callbackUrl = safeCallbackPath(typeof asked === "string" ? asked : null) ?? undefined;
  await redirectSignedInUser(callbackUrl);
  const t = await getTranslations("auth.signup");
  return (
    <Card className="w-full max-w-sm p-6 sm:p-8">
      <div className="mb-6 space-y-1 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
      </div>
      <SignupForm messages={await authFormMessages("signup")} callbackUrl={callbackUrl} />
      <EndOfflineCopies />
    </Card>
  );
}
