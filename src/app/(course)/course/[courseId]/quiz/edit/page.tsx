import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { QuizEditor } from "@/features/authoring/components/quiz-editor";
import { findAuthoredCourse } from "@/features/courses/server";
import { authoredQuestions } from "@/features/quiz/server";
import { paths } from "@/lib/paths";
import { requireUserPage } from "@/server/auth/session";

type Props = { params: Promise<{ courseId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await requireUserPage();
  const { courseId } = await params;
  const course = await findAuthoredCourse(user.id, courseId);
  if (!course) return {};
  const t = await getTranslations("authoring");
  return { title: t("quizPageTitle", { topic: course.mainTopic }), robots: { index: false } };
}

/** The course's authors (owner, co-authors) edit its quiz; anyone else is a 404. */
export default async function EditQuizPage({ params }: Props) {
  const user = await requireUserPage();
  const { courseId } = await params;
  const course = await findAuthoredCourse(user.id, courseId);
  if (!course) notFound();
  const [t, quiz] = await Promise.all([getTranslations("authoring"), authoredQuestions(course.id)]);
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("quizPageTitle", { topic: course.mainTopic })}</h1>
      <ScopedIntlBoundary namespaces={["authoring"]}>
        <QuizEditor courseId={course.id} initial={quiz} quizHref={paths.courseQuiz(course.id)} />
      </ScopedIntlBoundary>
    </main>
  );
}
