import { ArrowLeftIcon, PencilIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { WordDiffView } from "@/components/word-diff-view";
import { PublishButton } from "@/features/authoring/components/publish-button";
import { publishPageData } from "@/features/authoring/server";
import { findAuthoredCourse } from "@/features/courses/server";
import { courseTextAttributes } from "@/lib/course-languages";
import { paths } from "@/lib/paths";
import { requireUserPage } from "@/server/auth/session";

type Props = { params: Promise<{ courseId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await requireUserPage();
  const { courseId } = await params;
  const course = await findAuthoredCourse(user.id, courseId);
  if (!course) return {};
  const t = await getTranslations("authoring.publish");
  return { title: t("pageTitle", { course: course.mainTopic }), robots: { index: false } };
}

/**
 * The course's authors see every lesson whose draft its learners do not read yet, with what
 * changed, and publish them all (decision 043). Anyone else is a 404.
 */
export default async function PublishCoursePage({ params }: Props) {
  const user = await requireUserPage();
  const { courseId } = await params;
  const [data, t] = await Promise.all([publishPageData(user.id, courseId), getTranslations("authoring.publish")]);
  if (!data) notFound();
  const { course, lessons } = data;
  const text = courseTextAttributes(course.lang);
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 p-4 sm:p-6">
      <Link
        href={paths.course(course.id)}
        className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        {t("backToCourse")}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight">{t("pageTitle", { course: course.mainTopic })}</h1>
      {lessons.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-muted-foreground" data-testid="publish-empty">
          {course.drafted ? t("empty", { version: course.publishedVersion }) : t("private")}
        </p>
      ) : (
        <>
          <p>{t("intro", { version: course.publishedVersion })}</p>
          <h2 className="font-semibold">{t("count", { count: lessons.length })}</h2>
          <ul className="space-y-4">
            {lessons.map((lesson) => (
              <li key={lesson.lessonId} className="space-y-3 rounded-lg border p-4" data-testid="publish-lesson">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 {...text} className="font-medium">
                    {t("topicLesson", { topic: lesson.topicTitle, lesson: lesson.title })}
                  </h3>
                  <Link
                    href={paths.editLesson(course.id, lesson.lessonId)}
                    className="inline-flex items-center gap-1 text-sm text-primary underline underline-offset-4"
                  >
                    <PencilIcon className="size-3.5" aria-hidden />
                    {t("editLesson")}
                  </Link>
                </div>
                <p className="text-sm text-muted-foreground">
                  {t("words", lesson.words)}
                  {lesson.mediaChanged ? ` ${t("media")}` : ""}
                </p>
                <div {...text}>
                  <WordDiffView
                    parts={lesson.changes}
                    labels={{ added: t("added"), removed: t("removed") }}
                    region={t("changesOf", { title: lesson.title })}
                    className="max-h-72 overflow-y-auto rounded-md border bg-muted/30 p-3"
                  />
                </div>
              </li>
            ))}
          </ul>
          <ScopedIntlBoundary namespaces={["authoring"]}>
            <PublishButton courseId={course.id} nextVersion={course.publishedVersion + 1} />
          </ScopedIntlBoundary>
        </>
      )}
    </main>
  );
}
