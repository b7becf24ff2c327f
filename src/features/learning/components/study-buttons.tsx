"use client";

import { MessageCircleIcon, NotebookPenIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * Course Notes and Course Assistant. `floating`: the round buttons above the mobile bar; else
 * the header's, in the layout, so they never lie over the lesson text.
 */
export function StudyButtons({
  floating,
  onNotes,
  onChat,
}: {
  floating: boolean;
  onNotes: () => void;
  onChat: () => void;
}) {
  const t = useTranslations("viewer");
  const label = floating ? undefined : "sr-only lg:not-sr-only";
  return (
    <div
      className={floating ? "fixed right-4 bottom-20 z-30 flex flex-col items-end gap-2 md:hidden" : "contents"}
      data-testid={floating ? "study-floating" : "study-header"}
    >
      <Button
        className={cn(floating && "rounded-full shadow-lg")}
        variant={floating ? "secondary" : "ghost"}
        size={floating ? "default" : "sm"}
        onClick={onNotes}
      >
        <NotebookPenIcon aria-hidden />
        <span className={label}>{t("notesButton")}</span>
      </Button>
      <Button
        className={cn(floating && "rounded-full shadow-lg")}
        variant={floating ? "default" : "ghost"}
        size={floating ? "default" : "sm"}
        onClick={onChat}
      >
        <MessageCircleIcon aria-hidden />
        <span className={label}>{t("chatButton")}</span>
      </Button>
    </div>
  );
}
