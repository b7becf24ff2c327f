"use client";

import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { FORMAT_TEXT_COMMAND } from "lexical";
import { BoldIcon, ImageIcon, ItalicIcon, LinkIcon, UnderlineIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** Which insert form is open under the buttons, if any. */
export type InsertForm = "link" | "image" | null;

/** Bold, italic and underline act on the selection; link and image open (or close) their form. */
export function ToolbarButtons({ form, onForm }: { form: InsertForm; onForm: (form: InsertForm) => void }) {
  const t = useTranslations("notes");
  const [editor] = useLexicalComposerContext();
  return (
    <div role="toolbar" aria-label={t("toolbar")} className="flex flex-wrap items-center gap-1">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={t("bold")}
        onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "bold")}
      >
        <BoldIcon aria-hidden />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={t("italic")}
        onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "italic")}
      >
        <ItalicIcon aria-hidden />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={t("underline")}
        onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "underline")}
      >
        <UnderlineIcon aria-hidden />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={t("link")}
        aria-pressed={form === "link"}
        onClick={() => onForm(form === "link" ? null : "link")}
      >
        <LinkIcon aria-hidden />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={t("image")}
        aria-pressed={form === "image"}
        onClick={() => onForm(form === "image" ? null : "image")}
      >
        <ImageIcon aria-hidden />
      </Button>
    </div>
  );
}
