"use client";

import { LinkNode } from "@lexical/link";
import { LexicalComposer } from "@lexical/react/LexicalComposer";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { LinkPlugin } from "@lexical/react/LexicalLinkPlugin";
import { OnChangePlugin } from "@lexical/react/LexicalOnChangePlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { HeadingNode, QuoteNode } from "@lexical/rich-text";
import { useTranslations } from "next-intl";
import * as React from "react";
import { checkLinkUrl } from "./editor-rules";
import { HandlePlugin, type NotesEditorHandle } from "./handle-plugin";
import { initialStateFrom } from "./html-io";
import { ImageNode } from "./image-node";
import { Toolbar } from "./toolbar";

export type { NotesEditorHandle };

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
