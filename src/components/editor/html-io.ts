import { $generateHtmlFromNodes, $generateNodesFromDOM } from "@lexical/html";
import { $createParagraphNode, $getRoot, type LexicalEditor } from "lexical";

/** Loads the stored HTML once, when the editor is created. */
export function initialStateFrom(html: string) {
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

/** The editor's content as HTML, to be stored. */
export function editorHtml(editor: LexicalEditor): string {
  return editor.getEditorState().read(() => $generateHtmlFromNodes(editor, null));
}
