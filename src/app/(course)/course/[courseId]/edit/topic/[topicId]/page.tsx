import { ArrowLeftIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { DraftNotice } from "@/features/authoring/components/draft-notice";
import { TopicRewrite } from "@/features/authoring/components/topic-rewrite";
import { topicForRewritePage } from "@/features/authoring/server";
import { findAuthoredCourse } from "@/features/courses/server";
import { courseTextAttributes } from "@/lib/course-languages";
import { paths } from "@/lib/paths";
import { requireUserPage } from "@/server/auth/session";

type Props = { params: Promise<{ courseId: string; topicId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await requireUserPage();
  const { courseId, topicId } = await params;
  const topic = await topicForRewritePage(user.id, courseId, topicId);
  if (!topic) return {};
  const t = await getTranslations("authoring.topicRewrite");
  return { title: t("pageTitle", { topic: topic.topicTitle }), robots: { index: false } };
}

/** An author rewrites every written lesson of a topic with one instruction; anyone else is a 404. */
export default async function RewriteTopicPage({ params }: Props) {
  const user = await requireUserPage();
  const { courseId, topicId } = await params;
  const [topic, course, t] = await Promise.all([
    topicForRewritePage(user.id, courseId, topicId),
    findAuthoredCourse(user.id, courseId),
    getTranslations("authoring.topicRewrite"),
  ]);
  if (!topic || !course) notFound();
  const text = courseTextAttributes(topic.courseLang);
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-4 p-4 sm:p-6">
      <Link
        href={paths.editOutline(courseId)}
        className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        {t("backToOutline")}
      </Link>
      <div className="space-y-1">
        <p className="text-sm text-muted-foreground" {...text}>
          {topic.courseTitle}
        </p>
        <h1 className="text-2xl font-bold tracking-tight">{t("pageTitle", { topic: topic.topicTitle })}</h1>
      </div>
      {course.drafted ? <DraftNotice courseId={courseId} what="lesson" /> : null}
      {topic.lessons.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-muted-foreground">{t("none")}</p>
      ) : (
        <>
          <p>{t("intro")}</p>
          <ScopedIntlBoundary namespaces={["authoring"]}>
            <TopicRewrite lessons={topic.lessons} text={text} />
          </ScopedIntlBoundary>
        </>
      )}
    </main>
  );
}
