import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { PencilIcon } from "lucide-react";
import { QuizRunner } from "@/features/quiz/components/quiz-runner";
import { paths } from "@/lib/paths";
import { loadQuizPage, loadQuizPageWithMarks } from "@/features/quiz/server";
import { requireUserPage } from "@/server/auth/session";

type Props = { params: Promise<{ courseId: string }>; searchParams: Promise<{ retest?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await requireUserPage();
  const { courseId } = await params;
  const course = await loadQuizPage(user.id, courseId);
  if (!course) return {};
  const t = await getTranslations("quiz");
  return { title: t("title", { topic: course.mainTopic }) };
}

/** The course's quiz, rendered by id on the server: reload and deep links work; another user's course is a 404. */
export default async function QuizPage({ params, searchParams }: Props) {
  const user = await requireUserPage();
  const [{ courseId }, query] = await Promise.all([params, searchParams]);
  const course = await loadQuizPageWithMarks(user.id, courseId);
  if (!course) notFound();
  // `?retest=1` (the link under a review lesson): the start asks for new questions: the course's
  // for its owner, a retest of their own for an enrolled learner (the course's stay).
  const { canEdit, ...shown } = course;
  const t = await getTranslations("authoring");
  return (
    <>
      {canEdit ? (
        // Server-rendered: the runner's bundle does not carry the author's link.
        <div className="mx-auto flex max-w-3xl justify-end px-4 pt-4 sm:px-6">
          <Link
            href={paths.editQuiz(course.id)}
            className="inline-flex items-center gap-2 text-sm text-primary underline"
          >
            <PencilIcon className="size-4" aria-hidden />
            {t("editQuiz")}
          </Link>
        </div>
      ) : null}
      <QuizRunner course={shown} retest={query.retest === "1"} />
    </>
  );
}
