import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { offeredCourse } from "@/features/courses/server";
import { EnrolPanel } from "@/features/enrolment/components/enrol-panel";
import { CourseActions } from "@/features/export/components/course-actions";
import { OfflineStatus } from "@/features/export/components/offline-status";
import { CourseViewer } from "@/features/learning/components/course-viewer";
import { LessonMarkDrawings } from "@/features/learning/components/lesson-mark-drawings";
import { loadViewer } from "@/features/learning/viewer";
import { MasteryPanel } from "@/features/mastery/components/mastery-panel";
import { courseMastery } from "@/features/mastery/server";
import { LanguageMenu } from "@/components/i18n/language-menu";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { requireUserPage } from "@/server/auth/session";

type Props = { params: Promise<{ courseId: string }>; searchParams: Promise<{ lesson?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await requireUserPage();
  const { courseId } = await params;
  const { findOwnedCourseTitle } = await import("@/features/learning/titles");
  const title = (await findOwnedCourseTitle(user.id, courseId)) ?? (await offeredCourse(courseId))?.mainTopic;
  return { title: title ?? undefined };
}

/** Rendered on the server by id: reload and deep links work; `?lesson=` keeps the position. */
export default async function CoursePage({ params, searchParams }: Props) {
  const user = await requireUserPage();
  const [{ courseId }, { lesson }] = await Promise.all([params, searchParams]);
  const [data, mastery] = await Promise.all([
    loadViewer(user.id, courseId, typeof lesson === "string" ? lesson : undefined),
    courseMastery(user.id, courseId),
  ]);
  if (!data) {
    // Not studied by this user: an offered course shows what it is and lets them enrol.
    const offered = await offeredCourse(courseId);
    if (!offered) notFound();
    return <EnrolPanel course={offered} />;
  }
  return (
    <>
      <OfflineStatus />
      <LessonMarkDrawings />
      <CourseViewer
        data={data}
        courseActions={{
          header: <CourseActions courseId={data.course.id} owner={data.course.isOwner} />,
          bar: <CourseActions courseId={data.course.id} owner={data.course.isOwner} variant="bar" />,
        }}
        themeToggle={<ThemeToggle />}
        languageMenu={<LanguageMenu />}
        mastery={mastery ? <MasteryPanel topics={mastery} text={data.course.text} /> : null}
      />
    </>
  );
}
