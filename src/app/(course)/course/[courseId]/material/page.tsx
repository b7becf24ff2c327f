import { ArrowLeftIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { findOwnCourse } from "@/features/courses/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { AddMaterial } from "@/features/sources/client";
import { SourcesOnlySwitch } from "@/features/sources/components/sources-only-switch";
import { requireUserPage } from "@/server/auth/session";
import { paths } from "@/lib/paths";

type Props = { params: Promise<{ courseId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await requireUserPage();
  const { courseId } = await params;
  const course = await findOwnCourse(user.id, courseId);
  if (!course) return {};
  const t = await getTranslations("sources");
  return { title: t("courseTitle", { topic: course.mainTopic }) };
}

/** A course's material: the owner's sources linked to it, and adding more. Another user's course is a 404. */
export default async function CourseMaterialPage({ params }: Props) {
  const user = await requireUserPage();
  const { courseId } = await params;
  const course = await findOwnCourse(user.id, courseId);
  if (!course) notFound();
  const t = await getTranslations("sources");
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 p-4 sm:p-6">
      <Link
        href={paths.course(course.id)}
        className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        {t("backToCourse")}
      </Link>
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("courseTitle", { topic: course.mainTopic })}</h1>
        <p className="text-muted-foreground">{t("courseIntro")}</p>
      </div>
      {/* The viewer's boundary does not carry the sources' messages: only this page needs them. */}
      <ScopedIntlBoundary namespaces={["sources"]}>
        <div className="space-y-6">
          <SourcesOnlySwitch courseId={course.id} initial={course.sourcesOnly} />
          <AddMaterial courseId={course.id} />
        </div>
      </ScopedIntlBoundary>
    </main>
  );
}
