import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { AcceptInvitationButton } from "@/features/authoring/components/accept-invitation-button";
import { invitationForPage } from "@/features/courses/server";
import { paths } from "@/lib/paths";
import { requireUserPage } from "@/server/auth/session";

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("authoring.invitation");
  return { title: t("pageTitle"), robots: { index: false } };
}

/**
 * An invitation to co-author a course, as its mail links it: the course and who invited, and
 * Accept for the signed-in user. One sent to another account says so; an unknown or withdrawn
 * link is a 404.
 */
export default async function InvitationPage({ params }: Props) {
  const user = await requireUserPage();
  const { token } = await params;
  const invitation = await invitationForPage(token);
  if (!invitation) notFound();
  const t = await getTranslations("authoring.invitation");
  const someoneElses = invitation.userId !== null && invitation.userId !== user.id;
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded-lg border p-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("pageTitle")}</h1>
      <p>{t("body", { name: invitation.ownerName, title: invitation.courseTitle })}</p>
      {someoneElses ? (
        <p role="alert" className="text-sm text-destructive">
          {t("otherAccount")}
        </p>
      ) : invitation.accepted ? (
        <Link href={paths.editOutline(invitation.courseId)} className="underline underline-offset-4">
          {t("editOutline", { title: invitation.courseTitle })}
        </Link>
      ) : (
        <ScopedIntlBoundary namespaces={["authoring"]}>
          <AcceptInvitationButton by={{ token }} label={t("accept")} />
        </ScopedIntlBoundary>
      )}
    </div>
  );
}
