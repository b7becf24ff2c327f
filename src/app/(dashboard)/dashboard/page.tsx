import { PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { DemoBanner } from "@/components/demo-banner";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { Button } from "@/components/ui/button";
import { CourseGridSkeleton } from "@/features/courses/components/course-card-skeleton";
import { CourseGrid, EmptyCourses } from "@/features/courses/components/course-grid";
import { COURSES_PAGE_SIZE, listCourseCardsForUser } from "@/features/courses/service";
import { requireUserPage } from "@/server/auth/session";
import { env } from "@/server/env";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("dashboard"))("myCourses") };
}

/**
 * My Courses: the heading comes at once, the first page of cards streams in from the server
 * (skeletons meanwhile), and the grid fetches the next pages itself.
 */
export default async function MyCoursesPage() {
  const user = await requireUserPage();
  const [t, tCourses] = await Promise.all([getTranslations("dashboard"), getTranslations("courses")]);
  const settings = env();
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("myCourses")}</h1>
        <Button asChild>
          <Link href={paths.generateCourse()}>
            <PlusIcon aria-hidden />
            {t("generateNew")}
          </Link>
        </Button>
      </div>
      {settings.DEMO_MODE === "true" && <DemoBanner text={tCourses("demoBanner")} />}
      <ScopedIntlBoundary namespaces={["courses", "common", "share", "export", "offline", "writeAll"]}>
        <Suspense fallback={<CourseGridSkeleton count={6} />}>
          <FirstPage userId={user.id} />
        </Suspense>
      </ScopedIntlBoundary>
    </div>
  );
}

async function FirstPage({ userId }: { userId: string }) {
  const [t, initial] = await Promise.all([
    getTranslations("dashboard"),
    listCourseCardsForUser(userId, 1, COURSES_PAGE_SIZE),
  ]);
  return (
    <CourseGrid
      initial={initial}
      pageSize={COURSES_PAGE_SIZE}
      empty={<EmptyCourses title={t("emptyTitle")} text={t("emptyText")} action={t("createFirst")} />}
    />
  );
}
