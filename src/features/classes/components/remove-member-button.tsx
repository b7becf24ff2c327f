"use client";
import { useTranslations } from "next-intl";
import { ClassActionButton } from "./class-controls";

/**
 * A teacher removes a learner, asked first. Its words are made here rather than passed in: a
 * class of hundreds then sends each learner's name once, not in four labels each.
 */
export function RemoveMemberButton({ classId, userId, name }: { classId: string; userId: string; name: string }) {
  const t = useTranslations("classes");
  return (
    <ClassActionButton
      url={`/api/classes/${encodeURIComponent(classId)}/members/${encodeURIComponent(userId)}`}
      method="DELETE"
      label={t("remove")}
      ariaLabel={t("removeLabel", { name })}
      done={t("removed")}
      confirm={{ title: t("removeTitle", { name }), text: t("removeText"), action: t("remove") }}
    />
  );
}
