import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { editorshipsOf } from "@/features/courses/server";
import { paths } from "@/lib/paths";
import { AcceptInvitationButton } from "./accept-invitation-button";

/**
 * My Courses' list of the courses the user co-authors (issue 35): invitations sent to their
 * account, to accept here, and the courses they edit, with the way to their outline editor.
 * Nothing when there are none.
 */
export async function CoAuthoredCourses({ userId }: { userId: string }) {
  const [t, rows] = await Promise.all([getTranslations("authoring.invitation"), editorshipsOf(userId)]);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="co-authored" className="space-y-3">
      <h2 id="co-authored" className="text-xl font-semibold tracking-tight">
        {t("listTitle")}
      </h2>
      <ul className="divide-y rounded-lg border" data-testid="co-authored">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <span className="min-w-0 break-words">
              <span className="font-medium">{row.courseTitle}</span>
              <span className="text-sm text-muted-foreground"> · {t("by", { name: row.ownerName })}</span>
            </span>
            {row.accepted ? (
              <span className="flex flex-wrap gap-3 text-sm">
                <Link href={paths.course(row.courseId)} className="underline underline-offset-4">
                  {t("open", { title: row.courseTitle })}
                </Link>
                <Link href={paths.editOutline(row.courseId)} className="underline underline-offset-4">
                  {t("editOutline", { title: row.courseTitle })}
                </Link>
              </span>
            ) : (
              <ScopedIntlBoundary namespaces={["authoring"]}>
                <AcceptInvitationButton
                  by={{ invitationId: row.id }}
                  label={t("acceptFor", { title: row.courseTitle })}
                />
              </ScopedIntlBoundary>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
