"use client";

import { MessageCircleIcon, NotebookPenIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * Course Notes and Course Assistant. `floating` (below md): a strip docked on top of the mobile
 * bar, the full width and opaque, so no line of the lesson runs half under a button (round
 * buttons floating over the text hid the ends of the lines they crossed); the viewer's main
 * column reserves the strip's and the bar's height at its end, so the
 * lesson's last lines scroll clear of both. Else the header's, in the layout.
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
  // The header gives them words only where the course's name keeps room (viewer-header.tsx).
  const label = floating ? undefined : "sr-only 2xl:not-sr-only";
  return (
    <div
      className={
        floating
          ? "fixed inset-x-0 bottom-16 z-30 flex h-14 items-center justify-end gap-2 border-t bg-background px-3 md:hidden"
          : "contents"
      }
      data-testid={floating ? "study-floating" : "study-header"}
    >
      <Button
        className={cn(floating && "min-w-0 flex-1 rounded-full sm:flex-none")}
        variant={floating ? "secondary" : "ghost"}
        size={floating ? "default" : "sm"}
        onClick={onNotes}
        // On the phone's strip the short word shows ("Notas"); the name stays the whole one.
        aria-label={floating ? t("notesButton") : undefined}
      >
        <NotebookPenIcon aria-hidden />
        <span className={cn(label, floating && "truncate")}>{floating ? t("notesShort") : t("notesButton")}</span>
      </Button>
      <Button
        className={cn(floating && "min-w-0 flex-1 rounded-full sm:flex-none")}
        variant={floating ? "default" : "ghost"}
        size={floating ? "default" : "sm"}
        onClick={onChat}
        aria-label={floating ? t("chatButton") : undefined}
      >
        <MessageCircleIcon aria-hidden />
        <span className={cn(label, floating && "truncate")}>{floating ? t("chatShort") : t("chatButton")}</span>
      </Button>
    </div>
  );
}
