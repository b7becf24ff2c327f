import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { lessonForEditorPage } from "@/features/authoring/server";
import { DraftNotice } from "@/features/authoring/components/draft-notice";
import { LessonEditor } from "@/features/authoring/components/lesson-editor";
import { findAuthoredCourse } from "@/features/courses/server";
import { courseTextAttributes } from "@/lib/course-languages";
import { paths } from "@/lib/paths";
import { requireUserPage } from "@/server/auth/session";

type Props = { params: Promise<{ courseId: string; lessonId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await requireUserPage();
  const { courseId, lessonId } = await params;
  const found = await lessonForEditorPage(user.id, courseId, lessonId);
  if (!found) return {};
  const t = await getTranslations("authoring");
  return { title: t("pageTitle", { lesson: found.lesson.title }), robots: { index: false } };
}

/** An author edits a written lesson of their course; anyone else, or an unwritten lesson, is a 404. */
export default async function EditLessonPage({ params }: Props) {
  const user = await requireUserPage();
  const { courseId, lessonId } = await params;
  const [found, course, t] = await Promise.all([
    lessonForEditorPage(user.id, courseId, lessonId),
    findAuthoredCourse(user.id, courseId),
    getTranslations("authoring"),
  ]);
  if (!found || !course) notFound();
  return (
    <main id="main" className="mx-auto max-w-7xl space-y-4 p-4 sm:p-6">
      <div className="space-y-1">
        <p className="text-sm text-muted-foreground">{found.courseTitle}</p>
        <h1 className="text-2xl font-bold tracking-tight">{t("pageTitle", { lesson: found.lesson.title })}</h1>
      </div>
      {course.drafted ? <DraftNotice courseId={courseId} what="lesson" /> : null}
      <ScopedIntlBoundary namespaces={["authoring"]}>
        <LessonEditor
          lesson={found.lesson}
          html={found.html}
          courseHref={paths.course(courseId, { lesson: lessonId })}
          text={courseTextAttributes(found.courseLang)}
          media={found.media}
        />
      </ScopedIntlBoundary>
    </main>
  );
}
