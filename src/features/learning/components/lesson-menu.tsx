"use client";

import { MoreVerticalIcon, RefreshCwIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { MenuButton } from "@/components/ui/menu-button";

/** The lesson's options (Regenerate, which asks first): the hand-made menu, no popper library on this page. */
export function LessonMenu({ disabled, onRegenerate }: { disabled: boolean; onRegenerate: () => void }) {
  const t = useTranslations("viewer");
  return (
    <MenuButton
      label={t("lessonMenu")}
      size="icon"
      disabled={disabled}
      items={[
        {
          key: "regenerate",
          label: t("regenerate"),
          icon: <RefreshCwIcon className="size-4" aria-hidden />,
          onSelect: onRegenerate,
        },
      ]}
    >
      <MoreVerticalIcon aria-hidden />
    </MenuButton>
  );
}
