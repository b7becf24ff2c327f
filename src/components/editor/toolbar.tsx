"use client";

import { $createLinkNode, TOGGLE_LINK_COMMAND } from "@lexical/link";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $createTextNode, $getSelection, $insertNodes, $isRangeSelection } from "lexical";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { checkImageFile, checkImageSource, checkLinkUrl, type ImageProblem } from "./editor-rules";
import { ImageForm } from "./image-form";
import { $createImageNode } from "./image-node";
import { LinkForm } from "./link-form";
import { ToolbarButtons, type InsertForm } from "./toolbar-buttons";

/**
 * The editor's toolbar: the format buttons, and the link and image forms under them. The two forms
 * share one address field's state; a link or picture is checked by SPEC 5's rules (editor-rules.ts)
 * before it is inserted.
 */
export function Toolbar({ allowBase64 }: { allowBase64: boolean }) {
  const t = useTranslations("notes");
  const [editor] = useLexicalComposerContext();
  const [form, setForm] = React.useState<InsertForm>(null);
  const [url, setUrl] = React.useState("");
  const [text, setText] = React.useState("");

  const imageError = (problem: ImageProblem) => notify.error(t("imageErrorTitle"), t(`imageErrors.${problem}`));

  const insertLink = () => {
    const checked = checkLinkUrl(url);
    if (!checked.ok) {
      notify.error(t("linkErrorTitle"), t(`linkErrors.${checked.reason}`));
      return;
    }
    editor.update(() => {
      const selection = $getSelection();
      if ($isRangeSelection(selection) && !selection.isCollapsed() && !text.trim()) {
        editor.dispatchCommand(TOGGLE_LINK_COMMAND, checked.url);
        return;
      }
      const link = $createLinkNode(checked.url);
      link.append($createTextNode(text.trim() || url.trim()));
      $insertNodes([link]);
    });
    setForm(null);
    setUrl("");
    setText("");
  };

  const insertImage = (src: string, alt: string) => {
    const problem = checkImageSource(src, allowBase64);
    if (problem) return imageError(problem);
    editor.update(() => {
      $insertNodes([$createImageNode(src.trim(), alt)]);
    });
    setForm(null);
    setUrl("");
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) return imageError(problem);
    const reader = new FileReader();
    reader.onload = () => insertImage(String(reader.result ?? ""), file.name);
    reader.onerror = () => notify.error(t("imageLoadFailed"));
    reader.readAsDataURL(file);
  };

  return (
    <div className="space-y-2">
      <ToolbarButtons form={form} onForm={setForm} />
      {form === "link" ? (
        <LinkForm url={url} text={text} onUrl={setUrl} onText={setText} onInsert={insertLink} />
      ) : null}
      {form === "image" ? (
        <ImageForm
          url={url}
          onUrl={setUrl}
          allowBase64={allowBase64}
          onInsertUrl={() => insertImage(url, "")}
          onFile={onFile}
        />
      ) : null}
    </div>
  );
}
