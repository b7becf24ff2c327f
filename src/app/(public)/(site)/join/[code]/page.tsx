import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { Button } from "@/components/ui/button";
import { ClassActionButton } from "@/features/classes/components/class-controls";
import { classForCode, findClassFor } from "@/features/classes/server";
import { paths } from "@/lib/paths";
import { getCurrentSession } from "@/server/auth/session";

type Props = { params: Promise<{ code: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [found, t] = await Promise.all([classForCode((await params).code), getTranslations("classes")]);
  // An invitation is for the class's learners, not for search engines.
  return { title: found?.name ?? t("unknownCode"), robots: { index: false } };
}

/**
 * Where a class's join link leads: the class, who teaches it and what they will see; then one
 * button to join, or sign-up and sign-in that come back here.
 */
export default async function JoinClassPage({ params }: Props) {
  const code = (await params).code;
  const [found, session, t] = await Promise.all([classForCode(code), getCurrentSession(), getTranslations("classes")]);
  if (!found) {
    return (
      <div className="mx-auto max-w-xl space-y-3 px-4 py-16">
        <h1 className="text-2xl font-bold">{t("unknownCode")}</h1>
        <p className="text-muted-foreground">{t("unknownCodeText")}</p>
      </div>
    );
  }
  const here = paths.joinClass(code);
  const member = session ? await findClassFor(session.user.id, found.id) : undefined;
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-16">
      <div className="space-y-2">
        <p className="text-sm font-medium text-primary">{t("joinEyebrow")}</p>
        <h1 className="text-3xl font-bold tracking-tight">{found.name}</h1>
        <p className="text-muted-foreground">{t("joinBy", { names: found.teachers.join(", ") })}</p>
      </div>
      <p className="rounded-lg border bg-muted/30 p-4 text-sm" data-testid="join-sees">
        {t("joinSees")}
      </p>
      {member ? (
        <Button asChild size="lg">
          <Link href={paths.classPage(found.id)}>{t("open")}</Link>
        </Button>
      ) : session ? (
        <ScopedIntlBoundary namespaces={["classes"]}>
          <ClassActionButton
            url="/api/classes/join"
            method="POST"
            body={{ code }}
            label={t("join")}
            done={t("joined")}
            then={paths.classPage(found.id)}
            variant="default"
            testId="join-class"
          />
        </ScopedIntlBoundary>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link href={paths.signup({ callbackUrl: here })}>{t("joinSignUp")}</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href={paths.login({ callbackUrl: here })}>{t("joinSignIn")}</Link>
          </Button>
        </div>
      )}
    </div>
  );
}
