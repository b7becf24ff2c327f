import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { CoAuthorsPanel } from "@/features/authoring/components/co-authors-panel";
import { DraftNotice } from "@/features/authoring/components/draft-notice";
import { OutlineEditor } from "@/features/authoring/components/outline-editor";
import { editorsForOwnerPage, findAuthoredCourse, outlineForEditorPage } from "@/features/courses/server";
import { courseTextAttributes } from "@/lib/course-languages";
import { paths } from "@/lib/paths";
import { requireUserPage } from "@/server/auth/session";

type Props = { params: Promise<{ courseId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await requireUserPage();
  const { courseId } = await params;
  const course = await findAuthoredCourse(user.id, courseId);
  if (!course) return {};
  const t = await getTranslations("authoring.outline");
  return { title: t("pageTitle", { topic: course.mainTopic }), robots: { index: false } };
}

/**
 * The course's authors (owner, co-authors) edit its outline; the owner also invites and removes
 * co-authors here. Anyone else is a 404.
 */
export default async function EditOutlinePage({ params }: Props) {
  const user = await requireUserPage();
  const { courseId } = await params;
  const course = await findAuthoredCourse(user.id, courseId);
  if (!course) notFound();
  const [t, outline, editors] = await Promise.all([
    getTranslations("authoring.outline"),
    outlineForEditorPage(course.id),
    course.isOwner ? editorsForOwnerPage(course.id) : null,
  ]);
  if (!outline) notFound();
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("pageTitle", { topic: course.mainTopic })}</h1>
      {course.drafted ? <DraftNotice courseId={course.id} what="outline" /> : null}
      <ScopedIntlBoundary namespaces={["authoring"]}>
        <OutlineEditor
          courseId={course.id}
          initial={outline}
          courseHref={paths.course(course.id)}
          text={courseTextAttributes(course.lang)}
        />
        {editors ? <CoAuthorsPanel courseId={course.id} initial={editors} /> : null}
      </ScopedIntlBoundary>
    </main>
  );
}
