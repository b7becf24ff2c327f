"use client";

import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { FORMAT_TEXT_COMMAND } from "lexical";
import { BoldIcon, ImageIcon, ItalicIcon, LinkIcon, UnderlineIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** Which insert form is open under the buttons, if any. */
export type InsertForm = "link" | "image" | null;

const FORMATS = [
  { format: "bold", Icon: BoldIcon },
  { format: "italic", Icon: ItalicIcon },
  { format: "underline", Icon: UnderlineIcon },
] as const;

const FORMS = [
  { form: "link", Icon: LinkIcon },
  { form: "image", Icon: ImageIcon },
] as const;

/** Bold, italic and underline act on the selection; link and image open (or close) their form. */
export function ToolbarButtons({ form, onForm }: { form: InsertForm; onForm: (form: InsertForm) => void }) {
  const t = useTranslations("notes");
  const [editor] = useLexicalComposerContext();
  return (
    <div role="toolbar" aria-label={t("toolbar")} className="flex flex-wrap items-center gap-1">
      {FORMATS.map(({ format, Icon }) => (
        <Button
          key={format}
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t(format)}
          onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, format)}
        >
          <Icon aria-hidden />
        </Button>
      ))}
      {FORMS.map(({ form: kind, Icon }) => (
        <Button
          key={kind}
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t(kind)}
          aria-pressed={form === kind}
          onClick={() => onForm(form === kind ? null : kind)}
        >
          <Icon aria-hidden />
        </Button>
      ))}
    </div>
  );
}
