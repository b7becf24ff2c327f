"use client";

import { $generateHtmlFromNodes, $generateNodesFromDOM } from "@lexical/html";
import { $createLinkNode, LinkNode, TOGGLE_LINK_COMMAND } from "@lexical/link";
import { LexicalComposer } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { LinkPlugin } from "@lexical/react/LexicalLinkPlugin";
import { OnChangePlugin } from "@lexical/react/LexicalOnChangePlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { HeadingNode, QuoteNode } from "@lexical/rich-text";
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  DecoratorNode,
  FORMAT_TEXT_COMMAND,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalEditor,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from "lexical";
import { BoldIcon, ImageIcon, ItalicIcon, LinkIcon, UnderlineIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { checkImageFile, checkImageSource, checkLinkUrl, type ImageProblem } from "./editor-rules";

type SerializedImageNode = Spread<{ src: string; alt: string }, SerializedLexicalNode>;

/** An inline picture (an https address or, where allowed, a base64 data URL). */
class ImageNode extends DecoratorNode<React.ReactElement> {
  __src: string;
  __alt: string;

  static getType(): string {
    return "image";
  }

  static clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__src, node.__alt, node.__key);
  }

  constructor(src: string, alt: string, key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__alt = alt;
  }

  static importJSON(json: SerializedImageNode): ImageNode {
    return new ImageNode(json.src, json.alt);
  }

  exportJSON(): SerializedImageNode {
    return { ...super.exportJSON(), type: "image", version: 1, src: this.__src, alt: this.__alt };
  }

  static importDOM(): DOMConversionMap {
    return {
      img: () => ({
        conversion: (element) => {
          const img = element as HTMLImageElement;
          const src = img.getAttribute("src") ?? "";
          return { node: checkImageSource(src) ? null : new ImageNode(src, img.getAttribute("alt") ?? "") };
        },
        priority: 0,
      }),
    };
  }

  exportDOM(): DOMExportOutput {
    const img = document.createElement("img");
    img.setAttribute("src", this.__src);
    img.setAttribute("alt", this.__alt);
    return { element: img };
  }

  createDOM(): HTMLElement {
    const span = document.createElement("span");
    span.className = "inline-block max-w-full";
    return span;
  }

  updateDOM(): false {
    return false;
  }

  isInline(): boolean {
    return true;
  }

  decorate(): React.ReactElement {
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={this.__src} alt={this.__alt} className="my-1 max-h-[600px] max-w-full rounded border" />;
  }
}

function $createImageNode(src: string, alt: string) {
  return new ImageNode(src, alt);
}

export type NotesEditorHandle = { getHtml: () => string };

/** Loads the stored HTML once, when the editor is created. */
function initialStateFrom(html: string) {
  return (editor: LexicalEditor) => {
    const root = $getRoot();
    root.clear();
    if (!html.trim()) return;
    const dom = new DOMParser().parseFromString(html, "text/html");
    const nodes = $generateNodesFromDOM(editor, dom);
    // Top-level inline nodes need a paragraph around them.
    let paragraph: ReturnType<typeof $createParagraphNode> | null = null;
    for (const node of nodes) {
      if (node.isInline?.() || node.getType() === "text" || node.getType() === "linebreak") {
        paragraph ??= $createParagraphNode();
        paragraph.append(node);
        continue;
      }
      if (paragraph) {
        root.append(paragraph);
        paragraph = null;
      }
      root.append(node);
    }
    if (paragraph) root.append(paragraph);
  };
}

function HandlePlugin({ handle }: { handle: React.Ref<NotesEditorHandle> }) {
  const [editor] = useLexicalComposerContext();
  React.useImperativeHandle(handle, () => ({
    getHtml: () => editor.getEditorState().read(() => $generateHtmlFromNodes(editor, null)),
  }));
  return null;
}

/**
 * The app's rich-text editor (Lexical), with SPEC 5's link and image rules: the course notes and
 * the admin's policies and blog posts. Its labels are the notes' messages (namespace `notes`).
 * `allowBase64: false` where pasted pictures have nowhere to be stored (images by https address only).
 */
export function NotesEditor({
  initialHtml,
  onDirty,
  handle,
  label,
  placeholder,
  testId = "notes-editor",
  allowBase64 = true,
}: {
  initialHtml: string;
  onDirty: () => void;
  handle: React.Ref<NotesEditorHandle>;
  label?: string;
  placeholder?: string;
  testId?: string;
  allowBase64?: boolean;
}) {
  const t = useTranslations("notes");
  const initialConfig = React.useMemo(
    () => ({
      namespace: "course-notes",
      nodes: [HeadingNode, QuoteNode, LinkNode, ImageNode],
      editorState: initialStateFrom(initialHtml),
      onError: (error: Error) => console.error(error),
      theme: {
        text: { bold: "font-bold", italic: "italic", underline: "underline" },
        link: "text-primary underline",
        heading: { h1: "text-2xl font-bold", h2: "text-xl font-semibold", h3: "text-lg font-semibold" },
        paragraph: "my-1",
      },
    }),
    [initialHtml],
  );
  const skipFirstChange = React.useRef(true);
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <Toolbar allowBase64={allowBase64} />
      <div className="relative min-h-48 flex-1 overflow-y-auto rounded-md border">
        <RichTextPlugin
          contentEditable={
            <ContentEditable
              aria-label={label ?? t("editor")}
              aria-placeholder={placeholder ?? t("placeholder")}
              placeholder={
                <p className="pointer-events-none absolute top-3 left-3 text-sm text-muted-foreground">
                  {placeholder ?? t("placeholder")}
                </p>
              }
              // Notes follow whatever script the learner writes in (an Arabic course's notes run right to left).
              dir="auto"
              className="min-h-48 px-3 py-2 text-start text-sm outline-none"
              data-testid={testId}
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
      </div>
      <HistoryPlugin />
      <LinkPlugin validateUrl={(url) => checkLinkUrl(url).ok} />
      <OnChangePlugin
        ignoreSelectionChange
        onChange={() => {
          if (skipFirstChange.current) {
            skipFirstChange.current = false;
            return;
          }
          onDirty();
        }}
      />
      <HandlePlugin handle={handle} />
    </LexicalComposer>
  );
}

function Toolbar({ allowBase64 }: { allowBase64: boolean }) {
  const t = useTranslations("notes");
  const [editor] = useLexicalComposerContext();
  const [form, setForm] = React.useState<"link" | "image" | null>(null);
  const [url, setUrl] = React.useState("");
  const [text, setText] = React.useState("");
  const fileInput = React.useRef<HTMLInputElement>(null);

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
          onClick={() => setForm(form === "link" ? null : "link")}
        >
          <LinkIcon aria-hidden />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t("image")}
          aria-pressed={form === "image"}
          onClick={() => setForm(form === "image" ? null : "image")}
        >
          <ImageIcon aria-hidden />
        </Button>
      </div>
      {form === "link" ? (
        <div className="flex flex-wrap items-center gap-2">
          <div className="min-w-48 flex-1">
            <Input
              aria-label={t("linkUrl")}
              placeholder={t("linkUrl")}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          </div>
          <div className="min-w-32 flex-1">
            <Input
              aria-label={t("linkText")}
              placeholder={t("linkText")}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          <Button type="button" size="sm" onClick={insertLink}>
            {t("insert")}
          </Button>
        </div>
      ) : null}
      {form === "image" ? (
        <div className="flex flex-wrap items-center gap-2">
          <div className="min-w-48 flex-1">
            <Input
              aria-label={t("imageUrl")}
              placeholder={t("imageUrl")}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          </div>
          <Button type="button" size="sm" onClick={() => insertImage(url, "")}>
            {t("insert")}
          </Button>
          {allowBase64 ? (
            <>
              <Button type="button" size="sm" variant="outline" onClick={() => fileInput.current?.click()}>
                {t("chooseFile")}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                className="sr-only"
                aria-label={t("chooseFile")}
                tabIndex={-1}
                onChange={(e) => {
                  onFile(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
