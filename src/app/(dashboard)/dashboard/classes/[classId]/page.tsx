import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { Button } from "@/components/ui/button";
import {
  AssignCourseForm,
  ClassActionButton,
  ClassFieldForm,
  CopyJoinLink,
} from "@/features/classes/components/class-controls";
import { ClassMailsSwitch } from "@/features/classes/components/class-mails-switch";
import { RemoveMemberButton } from "@/features/classes/components/remove-member-button";
import { ItemAnalysis, SORTS, TeacherView, type Sort } from "@/features/classes/components/teacher-view";
import { classPageOf, findClassFor, itemAnalysisOf, learnersOf } from "@/features/classes/server";
import { listOwnCourseTitles } from "@/features/courses/server";
import { courseTextAttributes } from "@/lib/course-languages";
import { paths } from "@/lib/paths";
import { requireUserPage } from "@/server/auth/session";

type Props = {
  params: Promise<{ classId: string }>;
  searchParams: Promise<{ sort?: string | string[]; items?: string | string[] }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await requireUserPage();
  const found = await findClassFor(user.id, (await params).classId);
  return { title: found?.name };
}

/**
 * One class. A teacher sees its code and link, the courses given to it, its learners' progress
 * (sortable, who needs help first), a quiz's item analysis, its members and co-teachers; a
 * learner sees its courses with their due dates, their mails setting and the way out.
 */
export default async function ClassPage({ params, searchParams }: Props) {
  const user = await requireUserPage();
  const [{ classId }, query, t, locale] = await Promise.all([
    params,
    searchParams,
    getTranslations("classes"),
    getLocale(),
  ]);
  const member = await findClassFor(user.id, classId);
  if (!member) notFound();
  const teacher = member.role === "teacher";
  const sort: Sort = SORTS.includes(query.sort as Sort) ? (query.sort as Sort) : "name";
  const itemsFor = typeof query.items === "string" ? query.items : undefined;
  const [found, report, analysis, ownCourses] = await Promise.all([
    classPageOf(member),
    teacher ? learnersOf(member) : null,
    teacher && itemsFor ? itemAnalysisOf(member, itemsFor) : undefined,
    teacher ? listOwnCourseTitles(user.id) : [],
  ]);
  const dueText = (dueAt: Date | null) =>
    dueAt
      ? t("due", { date: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(dueAt) })
      : t("noDue");
  const api = `/api/classes/${encodeURIComponent(found.class.id)}`;
  return (
    <ScopedIntlBoundary namespaces={["classes"]}>
      <div className="mx-auto max-w-6xl space-y-10">
        <header className="space-y-2">
          <Link href={paths.classes()} className="text-sm text-muted-foreground hover:underline">
            <span aria-hidden>← </span>
            {t("title")}
          </Link>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{found.class.name}</h1>
          <p className="text-sm text-muted-foreground">
            {t("teachers")}: {found.teachers.map((m) => m.name).join(", ")}
          </p>
        </header>

        {teacher && found.class.joinCode ? (
          <section aria-labelledby="join-code" className="flex flex-wrap items-center gap-4 rounded-lg border p-4">
            <div>
              <h2 id="join-code" className="text-sm font-medium text-muted-foreground">
                {t("yourCode")}
              </h2>
              <p className="font-mono text-2xl font-bold tracking-widest" data-testid="join-code">
                {found.class.joinCode}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <CopyJoinLink path={paths.joinClass(found.class.joinCode)} />
              {found.isOwner ? (
                <ClassActionButton
                  url={`${api}/code`}
                  method="POST"
                  label={t("rotate")}
                  done={t("rotated")}
                  confirm={{ title: t("rotateTitle"), text: t("rotateText"), action: t("rotate") }}
                />
              ) : null}
            </div>
          </section>
        ) : null}

        <section aria-labelledby="assignments" className="space-y-3">
          <h2 id="assignments" className="text-xl font-semibold">
            {t("assignments")}
          </h2>
          {found.assignments.length === 0 ? <p className="text-muted-foreground">{t("noAssignments")}</p> : null}
          <ul className="space-y-2" data-testid="class-assignments">
            {found.assignments.map((a) => {
              const text = courseTextAttributes(a.lang);
              return (
                <li
                  key={a.courseId}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3"
                >
                  <div>
                    <p className="font-medium" {...text}>
                      {a.mainTopic}
                    </p>
                    <p className="text-sm text-muted-foreground">{dueText(a.dueAt)}</p>
                  </div>
                  <div className="flex gap-2">
                    <Button asChild size="sm">
                      <Link href={paths.course(a.courseId)}>{t("study")}</Link>
                    </Button>
                    {teacher ? (
                      <ClassActionButton
                        url={`${api}/assignments/${encodeURIComponent(a.courseId)}`}
                        method="DELETE"
                        label={t("unassign")}
                        ariaLabel={t("unassignLabel", { title: a.mainTopic })}
                        done={t("done")}
                      />
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
          {teacher ? (
            <div className="space-y-2 rounded-lg border p-4">
              <h3 className="font-medium">{t("assign")}</h3>
              {ownCourses.length > 0 ? (
                <AssignCourseForm
                  classId={found.class.id}
                  courses={ownCourses.map((c) => ({ id: c.id, title: c.mainTopic }))}
                />
              ) : (
                <p className="text-sm text-muted-foreground">{t("noCourses")}</p>
              )}
            </div>
          ) : null}
        </section>

        {/* Only learners are mailed: a teacher's switch would change nothing. */}
        {!teacher ? <ClassMailsSwitch classId={found.class.id} initial={found.notify} /> : null}

        {report ? (
          <section aria-labelledby="learners-view" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <h2 id="learners-view" className="text-xl font-semibold">
                  {t("view")}
                </h2>
                <p className="text-sm text-muted-foreground">{t("viewHint")}</p>
              </div>
              <a href={`${api}/learners.csv`} className="text-sm font-medium text-primary hover:underline" download>
                {t("downloadCsv")}
              </a>
            </div>
            <TeacherView report={report} sort={sort} classId={found.class.id} />
          </section>
        ) : null}

        {analysis ? <ItemAnalysis analysis={analysis} classId={found.class.id} /> : null}

        {teacher ? (
          <section aria-labelledby="members" className="space-y-3">
            <h2 id="members" className="text-xl font-semibold">
              {t("learners")}
            </h2>
            {found.learners.length === 0 ? <p className="text-muted-foreground">{t("noLearners")}</p> : null}
            <ul className="divide-y rounded-lg border">
              {found.learners.map((m) => (
                <li key={m.userId} className="flex items-center justify-between gap-3 p-3">
                  <div>
                    <p className="font-medium">{m.name}</p>
                    <p className="text-xs text-muted-foreground">{m.email}</p>
                  </div>
                  <RemoveMemberButton classId={found.class.id} userId={m.userId} name={m.name} />
                </li>
              ))}
            </ul>
            {found.isOwner ? (
              <div className="space-y-2 rounded-lg border p-4">
                <h3 className="font-medium">{t("addTeacher")}</h3>
                <ClassFieldForm
                  url={`${api}/teachers`}
                  field="email"
                  type="email"
                  label={t("email")}
                  maxLength={254}
                  submit={t("addTeacherButton")}
                  done={t("teacherAdded")}
                />
              </div>
            ) : null}
          </section>
        ) : null}

        <section className="flex flex-wrap items-center gap-3 border-t pt-6">
          {found.isOwner ? (
            <ClassActionButton
              url={api}
              method="DELETE"
              variant="destructive"
              label={t("deleteClass")}
              done={t("deleted")}
              then={paths.classes()}
              confirm={{ title: t("deleteTitle"), text: t("deleteText"), action: t("deleteClass") }}
            />
          ) : (
            <ClassActionButton
              url={`${api}/members/${encodeURIComponent(user.id)}`}
              method="DELETE"
              label={t("leave")}
              done={t("left")}
              then={paths.classes()}
              confirm={{ title: t("leaveTitle"), text: t("leaveText"), action: t("leave") }}
              testId="leave-class"
            />
          )}
        </section>
      </div>
    </ScopedIntlBoundary>
  );
}
