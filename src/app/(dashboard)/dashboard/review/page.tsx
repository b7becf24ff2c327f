import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ReviewSession } from "@/features/review/components/review-session";
import { heldBackNotes, reviewCourses } from "@/features/review/server";
import { courseTextAttributes } from "@/lib/course-languages";
import { paths } from "@/lib/paths";
import { isUuid } from "@/lib/ids";
import { requireUserPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("review"))("title") };
}

/** /dashboard/review: the day's cards across courses (or of `?course=`), and each course's cards to manage. */
export default async function ReviewPage({ searchParams }: { searchParams: Promise<{ course?: string }> }) {
  const user = await requireUserPage();
  const t = await getTranslations("review");
  const { course } = await searchParams;
  const courses = await reviewCourses(user.id);
  const selected = isUuid(course) ? courses.find((c) => c.courseId === course) : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">
          {selected ? t("subtitleCourse", { course: selected.title }) : t("subtitle")}
        </p>
      </header>
      <ReviewSession key={selected?.courseId ?? "all"} courseId={selected?.courseId} />
      <section aria-labelledby="review-courses" className="space-y-3">
        <h2 id="review-courses" className="text-xl font-semibold">
          {t("byCourse")}
        </h2>
        {courses.length === 0 ? (
          <p className="text-muted-foreground">{t("noCourses")}</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {courses.map((c) => (
              <li key={c.courseId} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="truncate font-medium" {...courseTextAttributes(c.lang)}>
                    {c.title}
                  </p>
                  <p className="text-sm text-muted-foreground" data-testid="review-course-counts">
                    {t("courseCounts", { total: c.total, due: c.due })}
                  </p>
                  {/* Due cards the day's caps keep for tomorrow: the same count the course's review shows (decision 031). */}
                  {heldBackNotes(c.heldBack, c.limits, (key, values) => t(key, values)).map((note) => (
                    <p key={note} className="text-sm text-muted-foreground" data-testid="review-course-held-back">
                      {note}
                    </p>
                  ))}
                </div>
                <div className="flex gap-3 text-sm">
                  <Link
                    className="text-primary underline-offset-4 hover:underline"
                    href={paths.review({ course: c.courseId })}
                  >
                    {t("reviewCourse", { course: c.title })}
                  </Link>
                  <Link
                    className="text-primary underline-offset-4 hover:underline"
                    href={paths.reviewCards(c.courseId)}
                  >
                    {t("manageCards", { course: c.title })}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
        {selected && (
          <Link className="text-sm text-primary underline-offset-4 hover:underline" href={paths.review()}>
            {t("allCourses")}
          </Link>
        )}
      </section>
    </div>
  );
}
