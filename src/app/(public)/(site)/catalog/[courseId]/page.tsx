import type { Metadata } from "next";
// The sample lesson may hold formulas (KaTeX's HTML): see src/app/(course)/layout.tsx.
import "katex/dist/katex.min.css";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { Button } from "@/components/ui/button";
import { findLearnerCourse } from "@/features/courses/server";
import { EnrolButton } from "@/features/enrolment/components/enrol-button";
import { CoursePreview } from "../../../_components/course-preview";
import { coursePreviewMetadata } from "@/features/sharing/preview-metadata";
import { catalogCoursePreview } from "@/features/sharing/server";
import { siteUrl } from "@/features/site/seo";
import { paths } from "@/lib/paths";
import { getCurrentSession } from "@/server/auth/session";

type Props = { params: Promise<{ courseId: string }> };

/** Open Graph tags: a posted link previews with the course's title, a sample and its picture. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { courseId } = await params;
  const [preview, t] = await Promise.all([catalogCoursePreview(courseId), getTranslations("catalog")]);
  if (!preview) return { title: t("notListedTitle"), robots: { index: false } };
  return coursePreviewMetadata(
    preview,
    siteUrl(paths.catalogCourse(preview.id)),
    t("metaDescription", { count: preview.lessonCount }),
  );
}

/**
 * A course of the catalogue (issue 34 item 3), public and server-rendered: what it is, its author
 * and learners, its outline and a sample lesson, and the way in: enrol when signed in, else sign
 * up or sign in and come back to the course.
 */
export default async function CatalogCoursePage({ params }: Props) {
  const { courseId } = await params;
  const [preview, session, t, enrolment] = await Promise.all([
    catalogCoursePreview(courseId),
    getCurrentSession(),
    getTranslations("catalog"),
    getTranslations("enrolment"),
  ]);
  if (!preview) notFound();
  const studies = session ? Boolean(await findLearnerCourse(session.user.id, preview.id)) : false;
  const course = paths.course(preview.id);
  const action = studies ? (
    <Button asChild size="lg">
      <Link href={course}>{t("openCourse")}</Link>
    </Button>
  ) : session ? (
    <ScopedIntlBoundary namespaces={["enrolment"]}>
      <div>
        <EnrolButton courseId={preview.id} then={course} />
      </div>
    </ScopedIntlBoundary>
  ) : (
    <div className="flex flex-wrap gap-3">
      <Button asChild size="lg">
        <Link href={paths.signup({ callbackUrl: course })}>{t("signUpToEnrol")}</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link href={paths.login({ callbackUrl: course })}>{t("signIn")}</Link>
      </Button>
    </div>
  );
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10 sm:px-6">
      <Link href={paths.catalog()} className="text-sm text-muted-foreground hover:text-foreground hover:underline">
        <span aria-hidden>← </span>
        {t("back")}
      </Link>
      <CoursePreview
        preview={preview}
        eyebrow={t("eyebrow")}
        details={[
          { label: t("author"), value: preview.authorName, testId: "catalog-author" },
          { label: t("learnersLabel"), value: String(preview.learnerCount), testId: "catalog-learners" },
        ]}
        action={
          <>
            {action}
            {studies ? null : <p className="text-sm text-muted-foreground">{enrolment("privacy")}</p>}
          </>
        }
      />
    </div>
  );
}
