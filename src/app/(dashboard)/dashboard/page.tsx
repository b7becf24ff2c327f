import { PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { DemoBanner } from "@/components/demo-banner";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { Button } from "@/components/ui/button";
import { CourseGridSkeleton } from "@/features/courses/components/course-card-skeleton";
import { CourseCard, courseCardTexts } from "@/features/courses/components/course-card";
import { CourseCardActions } from "@/features/courses/components/course-card-actions";
import { CourseCardWriting } from "@/features/courses/components/course-card-writing";
import { CourseGrid } from "@/features/courses/components/course-grid";
import { CourseGridItem, EmptyCourses } from "@/features/courses/components/course-grid-parts";
import { COURSES_PAGE_SIZE, listCourseCardsForUser } from "@/features/courses/server";
import { CoAuthoredCourses } from "@/features/authoring/components/co-authored-courses";
import { AssignedCourses } from "@/features/classes/components/assigned-courses";
import { EnrolledCourses } from "@/features/enrolment/components/enrolled-courses";
import { coursesBeingWritten } from "@/features/learning/writing-status";
import { requireUserPage } from "@/server/auth/session";
import { env } from "@/server/env";
import { paths } from "@/lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("dashboard"))("myCourses") };
}

/**
 * My Courses: the heading comes at once, the first page of cards streams in from the server
 * (skeletons meanwhile), and the grid fetches the next pages itself. The first page's cards are
 * server components: only each card's menu hydrates (issue 25: hydrating nine whole cards was
 * most of the page's blocking time).
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
      <Suspense fallback={null}>
        <CoAuthoredCourses userId={user.id} />
      </Suspense>
      <Suspense fallback={null}>
        <AssignedCourses userId={user.id} />
      </Suspense>
      <Suspense fallback={null}>
        <EnrolledCourses userId={user.id} />
      </Suspense>
    </div>
  );
}

async function FirstPage({ userId }: { userId: string }) {
  const [t, tCourses, initial] = await Promise.all([
    getTranslations("dashboard"),
    getTranslations("courses"),
    listCourseCardsForUser(userId, 1, COURSES_PAGE_SIZE),
  ]);
  // Page 1 empty: the learner has no course (a refresh after deleting the last one lands here too).
  if (initial.length === 0) {
    return <EmptyCourses title={t("emptyTitle")} text={t("emptyText")} action={t("createFirst")} />;
  }
  const writing = await coursesBeingWritten(
    userId,
    initial.map((course) => course.id),
  );
  return (
    <CourseGrid firstPageIds={initial.map((course) => course.id)} pageSize={COURSES_PAGE_SIZE}>
      {initial.map((course) => (
        <CourseGridItem key={course.id}>
          <CourseCard
            course={course}
            texts={courseCardTexts(tCourses, course)}
            actions={<CourseCardActions courseId={course.id} topic={course.mainTopic} />}
            writing={<CourseCardWriting courseId={course.id} initial={writing.get(course.id)} />}
          />
        </CourseGridItem>
      ))}
    </CourseGrid>
  );
}
