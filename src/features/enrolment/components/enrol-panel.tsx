import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import type { OfferedCourse } from "@/features/courses/server";
import { courseTextAttributes } from "@/lib/course-languages";
import { EnrolButton } from "./enrol-button";

/**
 * An offered course seen by someone not studying it yet: what it is, who wrote it, what it holds,
 * and one button to enrol. Rendered on the server; only the button hydrates.
 */
export async function EnrolPanel({ course }: { course: OfferedCourse }) {
  const t = await getTranslations("enrolment");
  const text = courseTextAttributes(course.lang);
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center gap-6 px-4 py-10">
      <div className="space-y-2">
        <p className="text-sm font-medium text-muted-foreground">{t("eyebrow")}</p>
        <h1 className="text-3xl font-bold tracking-tight" lang={text.lang} dir={text.dir}>
          {course.mainTopic}
        </h1>
        <p className="text-muted-foreground">
          {t("by", { name: course.authorName })} · {t("lessons", { count: course.lessonCount })} ·{" "}
          {t("learners", { count: course.learnerCount })}
        </p>
      </div>
      <section aria-labelledby="enrol-outline" className="space-y-2">
        <h2 id="enrol-outline" className="text-lg font-semibold">
          {t("outline")}
        </h2>
        <ol className="list-decimal space-y-1 ps-6" lang={text.lang} dir={text.dir}>
          {course.topics.map((topic, i) => (
            <li key={i}>{topic}</li>
          ))}
        </ol>
      </section>
      <p className="text-sm text-muted-foreground">{t("privacy")}</p>
      <ScopedIntlBoundary namespaces={["enrolment"]}>
        <div>
          <EnrolButton courseId={course.id} />
        </div>
      </ScopedIntlBoundary>
    </main>
  );
}
