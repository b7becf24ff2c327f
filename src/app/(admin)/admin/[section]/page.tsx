import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ADMIN_SECTIONS } from "@/components/sidebar/admin-sections";
import { requireAdminPage } from "@/server/auth/session";

/** Each admin section gets its own page as its issue lands; until then it says so honestly. */
export default async function AdminSectionPage({ params }: { params: Promise<{ section: string }> }) {
  await requireAdminPage();
  const { section } = await params;
  const entry = ADMIN_SECTIONS.find((s) => s.slug === section);
  if (!entry) notFound();
  const t = await getTranslations("admin");
  return (
    <div className="mx-auto max-w-6xl space-y-2">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(entry.key)}</h1>
      <p className="text-muted-foreground">{t("notYet")}</p>
    </div>
  );
}
