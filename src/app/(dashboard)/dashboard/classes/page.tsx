import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { Button } from "@/components/ui/button";
import { ClassFieldForm } from "@/features/classes/components/class-controls";
import { JOIN_CODE_LENGTH, listMemberClasses } from "@/features/classes/server";
import { isPaidPlan } from "@/features/plans/client";
import { paths } from "@/lib/paths";
import { requireUserPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("classes"))("title") };
}

/** /dashboard/classes: the classes the user teaches and those they are in; make one (paid plans) or join one by code. */
export default async function ClassesPage() {
  const user = await requireUserPage();
  const [t, classes] = await Promise.all([getTranslations("classes"), listMemberClasses(user.id)]);
  const teaching = classes.filter((c) => c.role === "teacher");
  const learning = classes.filter((c) => c.role === "learner");
  const list = (items: typeof classes, headingId: string, heading: string) =>
    items.length === 0 ? null : (
      <section aria-labelledby={headingId} className="space-y-3">
        <h2 id={headingId} className="text-xl font-semibold">
          {heading}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid={headingId}>
          {items.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-3 rounded-lg border bg-card p-4">
              <div className="min-w-0">
                <p className="truncate font-semibold">{c.name}</p>
                <p className="text-sm text-muted-foreground">{t("members", { count: c.members })}</p>
              </div>
              <Button asChild size="sm" variant="outline">
                <Link href={paths.classPage(c.id)} aria-label={`${t("open")}: ${c.name}`}>
                  {t("open")}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </section>
    );
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </header>
      {list(teaching, "classes-teaching", t("teaching"))}
      {list(learning, "classes-learning", t("learning"))}
      {classes.length === 0 ? <p className="text-muted-foreground">{t("none")}</p> : null}
      <ScopedIntlBoundary namespaces={["classes"]}>
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="join-class" className="space-y-3 rounded-lg border p-4">
            <h2 id="join-class" className="text-lg font-semibold">
              {t("joinTitle")}
            </h2>
            <ClassFieldForm
              url="/api/classes/join"
              field="code"
              label={t("code")}
              hint={t("codeHint")}
              maxLength={JOIN_CODE_LENGTH + 4}
              submit={t("join")}
              busyLabel={t("joining")}
              done={t("joined")}
              goTo="class"
            />
          </section>
          <section aria-labelledby="create-class" className="space-y-3 rounded-lg border p-4">
            <h2 id="create-class" className="text-lg font-semibold">
              {t("createTitle")}
            </h2>
            {isPaidPlan(user.plan) ? (
              <ClassFieldForm
                url="/api/classes"
                field="name"
                label={t("name")}
                maxLength={100}
                submit={t("create")}
                busyLabel={t("creating")}
                done={t("done")}
                goTo="class"
              />
            ) : (
              <div className="space-y-3">
                <p className="text-sm text-muted-foreground">{t("paidOnly")}</p>
                <Button asChild size="sm">
                  <Link href={paths.pricing()}>{t("upgrade")}</Link>
                </Button>
              </div>
            )}
          </section>
        </div>
      </ScopedIntlBoundary>
    </div>
  );
}
