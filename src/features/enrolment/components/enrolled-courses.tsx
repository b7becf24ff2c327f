import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { Button } from "@/components/ui/button";
import { enrolledCourses } from "@/features/courses/server";
import { courseTextAttributes } from "@/lib/course-languages";
import { paths } from "@/lib/paths";
import { LeaveButton } from "./leave-button";

/** My Courses' second list: the courses the user enrolled in, apart from their own. None: nothing shown. */
export async function EnrolledCourses({ userId }: { userId: string }) {
  const [t, list] = await Promise.all([getTranslations("enrolment"), enrolledCourses(userId)]);
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="enrolled-heading" className="space-y-4" data-testid="enrolled-courses">
      <h2 id="enrolled-heading" className="text-xl font-semibold">
        {t("enrolledTitle")}
      </h2>
      <ScopedIntlBoundary namespaces={["enrolment"]}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((course) => {
            const text = courseTextAttributes(course.lang);
            return (
              <li key={course.id} className="flex flex-col gap-3 rounded-lg border bg-card p-4">
                <div className="space-y-1">
                  <h3 className="font-semibold" lang={text.lang} dir={text.dir}>
                    {course.mainTopic}
                  </h3>
                  <p className="text-sm text-muted-foreground">{t("enrolledBy", { name: course.authorName })}</p>
                  <p className="text-sm">{t("progress", { percent: course.progress })}</p>
                </div>
                <div className="mt-auto flex flex-wrap gap-2">
                  <Button asChild size="sm">
                    <Link href={paths.course(course.id)}>{t("open")}</Link>
                  </Button>
                  <LeaveButton courseId={course.id} topic={course.mainTopic} />
                </div>
              </li>
            );
          })}
        </ul>
      </ScopedIntlBoundary>
    </section>
  );
}
