import { SendIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { paths } from "@/lib/paths";

/**
 * On an editing page of a course with learners (decision 043): what its saves reach, and the way
 * to review and publish the lessons' drafts. `what` tells the lesson editor (a draft) from the
 * outline editor (live at once).
 */
export async function DraftNotice({ courseId, what }: { courseId: string; what: "lesson" | "outline" }) {
  const t = await getTranslations("authoring");
  return (
    <aside
      className="flex flex-col items-start gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm sm:flex-row sm:items-center"
      data-testid="draft-notice"
    >
      <p className="flex-1">{what === "lesson" ? t("draftNotice") : t("outlineLiveNotice")}</p>
      <Link
        href={paths.publishCourse(courseId)}
        className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
      >
        <SendIcon className="size-3.5" aria-hidden />
        {t("reviewAndPublish")}
      </Link>
    </aside>
  );
}
