import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireAdminPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin"))("title") };
}

export default async function AdminDashboardPage() {
  const user = await requireAdminPage();
  const t = await getTranslations("admin");
  return (
    <div className="mx-auto max-w-6xl space-y-2">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
      <p className="text-muted-foreground">{t("welcome", { name: user.name })}</p>
      <p className="text-muted-foreground">{t("overview")}</p>
    </div>
  );
}
