import { BookOpenIcon, PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { requireUserPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("dashboard"))("myCourses") };
}

export default async function MyCoursesPage() {
  await requireUserPage();
  const t = await getTranslations("dashboard");
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("myCourses")}</h1>
        <Button asChild>
          <Link href="/dashboard/generate-course">
            <PlusIcon aria-hidden />
            {t("generateNew")}
          </Link>
        </Button>
      </div>
      <section className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-16 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <BookOpenIcon className="size-7" aria-hidden />
        </span>
        <h2 className="text-xl font-semibold">{t("emptyTitle")}</h2>
        <p className="max-w-md text-muted-foreground">{t("emptyText")}</p>
        <Button asChild size="lg">
          <Link href="/dashboard/generate-course">{t("createFirst")}</Link>
        </Button>
      </section>
    </div>
  );
}
