import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CardList } from "@/features/review/components/card-list";
import { courseCardsForPage } from "@/features/review/server";
import { courseTextAttributes } from "@/lib/course-languages";
import { paths } from "@/lib/paths";
import { requireUserPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("review"))("cardsTitle") };
}

/** /dashboard/review/{courseId}/cards: the course's cards to edit, suspend or delete, and its Anki CSV. */
export default async function CourseCardsPage({ params }: { params: Promise<{ courseId: string }> }) {
  const user = await requireUserPage();
  const { courseId } = await params;
  const found = await courseCardsForPage(user.id, courseId);
  if (!found) notFound();
  const { course, cards } = found;
  const t = await getTranslations("review");
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{t("cardsTitle")}</h1>
        <p className="text-muted-foreground" {...courseTextAttributes(course.lang)}>
          {course.mainTopic}
        </p>
        <nav className="flex gap-4 text-sm">
          <Link className="text-primary underline-offset-4 hover:underline" href={paths.review({ course: course.id })}>
            {t("reviewCourse", { course: course.mainTopic })}
          </Link>
          <Link className="text-primary underline-offset-4 hover:underline" href={paths.course(course.id)}>
            {t("openCourse")}
          </Link>
        </nav>
      </header>
      <CardList courseId={course.id} lang={course.lang} initial={cards} />
    </div>
  );
}
