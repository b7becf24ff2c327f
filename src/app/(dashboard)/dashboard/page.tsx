import { PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DemoBanner } from "@/components/demo-banner";
import { Button } from "@/components/ui/button";
import { CourseGrid, EmptyCourses } from "@/features/courses/components/course-grid";
import { COURSES_PAGE_SIZE, listCourseCardsForUser } from "@/features/courses/service";
import { requireUserPage } from "@/server/auth/session";
import { env } from "@/server/env";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("dashboard"))("myCourses") };
}

/** My Courses: the first page is rendered here, on the server; the grid fetches the next ones. */
export default async function MyCoursesPage() {
  const user = await requireUserPage();
  const [t, tCourses, initial] = await Promise.all([
    getTranslations("dashboard"),
    getTranslations("courses"),
    listCourseCardsForUser(user.id, 1, COURSES_PAGE_SIZE),
  ]);
  const settings = env();
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
      {settings.DEMO_MODE === "true" && <DemoBanner text={tCourses("demoBanner")} />}
      <CourseGrid
        initial={initial}
        pageSize={COURSES_PAGE_SIZE}
        shareBase={settings.APP_URL.replace(/\/+$/, "")}
        empty={<EmptyCourses title={t("emptyTitle")} text={t("emptyText")} action={t("createFirst")} />}
      />
    </div>
  );
}
