"use client";

import { ListTreeIcon, MoreVerticalIcon, PencilIcon, RefreshCwIcon, SendIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { MenuButton } from "@/components/ui/menu-button";

/**
 * The lesson's options (Edit, when the lesson can be edited; Edit the outline; Review and publish;
 * Regenerate, which asks first): the hand-made menu, no popper library on this page.
 */
export function LessonMenu({
  disabled,
  onRegenerate,
  onEdit,
  onEditOutline,
  onPublish,
}: {
  disabled: boolean;
  /** The owner's alone: a co-author edits, and does not have the model write the lesson again. */
  onRegenerate?: () => void;
  onEdit?: () => void;
  onEditOutline: () => void;
  onPublish: () => void;
}) {
  const t = useTranslations("viewer");
  return (
    <MenuButton
      label={t("lessonMenu")}
      size="icon"
      disabled={disabled}
      items={[
        ...(onEdit
          ? [
              {
                key: "edit",
                label: t("editLesson"),
                icon: <PencilIcon className="size-4" aria-hidden />,
                onSelect: onEdit,
              },
            ]
          : []),
        {
          key: "outline",
          label: t("editOutline"),
          icon: <ListTreeIcon className="size-4" aria-hidden />,
          onSelect: onEditOutline,
        },
        {
          key: "publish",
          label: t("publishChanges"),
          icon: <SendIcon className="size-4" aria-hidden />,
          onSelect: onPublish,
        },
        ...(onRegenerate
          ? [
              {
                key: "regenerate",
                label: t("regenerate"),
                icon: <RefreshCwIcon className="size-4" aria-hidden />,
                onSelect: onRegenerate,
              },
            ]
          : []),
      ]}
    >
      <MoreVerticalIcon aria-hidden />
    </MenuButton>
  );
}
