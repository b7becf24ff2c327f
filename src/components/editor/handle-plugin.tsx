"use client";

import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import * as React from "react";
import { editorHtml } from "./html-io";

export type NotesEditorHandle = { getHtml: () => string };

/** Gives the editor's owner its HTML on demand (a save), through `handle`. */
export function HandlePlugin({ handle }: { handle: React.Ref<NotesEditorHandle> }) {
  const [editor] = useLexicalComposerContext();
  React.useImperativeHandle(handle, () => ({
    getHtml: () => editorHtml(editor),
  }));
  return null;
}
