import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { courseTextAttributes } from "@/lib/course-languages";
import { paths } from "@/lib/paths";
import { listLearnerAssignments } from "../service";

/** My Courses' list of what the learner's classes gave them, soonest due first. None: nothing shown. */
export async function AssignedCourses({ userId }: { userId: string }) {
  const [t, locale, list] = await Promise.all([
    getTranslations("classes"),
    getLocale(),
    listLearnerAssignments(userId),
  ]);
  if (list.length === 0) return null;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  return (
    <section aria-labelledby="assigned-heading" className="space-y-4" data-testid="assigned-courses">
      <h2 id="assigned-heading" className="text-xl font-semibold">
        {t("assignedTitle")}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {list.map((a) => {
          const text = courseTextAttributes(a.lang);
          return (
            <li key={`${a.classId}:${a.courseId}`} className="flex flex-col gap-3 rounded-lg border bg-card p-4">
              <div className="space-y-1">
                <h3 className="font-semibold" {...text}>
                  {a.mainTopic}
                </h3>
                <p className="text-sm text-muted-foreground">{t("fromClass", { name: a.className })}</p>
                <p className="text-sm">{a.dueAt ? t("due", { date: date.format(a.dueAt) }) : t("noDue")}</p>
              </div>
              <Button asChild size="sm" className="mt-auto self-start">
                <Link href={paths.course(a.courseId)}>{t("study")}</Link>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
