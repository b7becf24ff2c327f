import "server-only";
import TurndownService from "turndown";
import { gfm } from "turndown-plugin-gfm";

/**
 * A stored lesson's Markdown read back from its HTML, for a lesson stored before Markdown was
 * kept beside it (or given as HTML through the contract): what its author edits. Written so that
 * rendering the result again (markdown.ts) gives the same lesson: formulas come back as their TeX
 * (KaTeX keeps it in the MathML's annotation), citations as `[^n]`, code as fenced blocks with
 * their language, tables as GFM tables.
 */
export function htmlToMarkdown(html: string): string {
  return converter().turndown(html).trim();
}

let service: TurndownService | undefined;

function converter(): TurndownService {
  if (service) return service;
  service = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "*",
    strongDelimiter: "**",
  });
  service.use(gfm);
  service.addRule("formula", {
    filter: (node) => node.nodeName === "SPAN" && hasClass(node, "katex"),
    replacement: (_content, node) => {
      const tex = texOf(node as HTMLElement);
      const display = hasClass(node.parentNode as HTMLElement | null, "katex-display");
      return display ? `$$${tex}$$` : `$${tex}$`;
    },
  });
  // The display wrapper adds nothing of its own; its paragraph (a `<div>`) puts it on its own lines.
  service.addRule("formulaDisplay", {
    filter: (node) => node.nodeName === "SPAN" && hasClass(node, "katex-display"),
    replacement: (content) => content,
  });
  service.addRule("citation", {
    filter: (node) => node.nodeName === "SUP" && hasClass(node, "citation"),
    replacement: (_content, node) => `[^${(node.textContent ?? "").trim()}]`,
  });
  service.addRule("fencedCode", {
    filter: (node) => node.nodeName === "PRE" && node.firstChild?.nodeName === "CODE",
    replacement: (_content, node) => {
      const code = node.firstChild as HTMLElement;
      const language = /language-([\w-]+)/.exec(code.getAttribute("class") ?? "")?.[1] ?? "";
      const body = (code.textContent ?? "").replace(/\n$/, "");
      const fence = body.includes("```") ? "~~~~" : "```";
      return `\n\n${fence}${language}\n${body}\n${fence}\n\n`;
    },
  });
  return service;
}

function hasClass(node: HTMLElement | null, name: string): boolean {
  return !!node?.getAttribute && (node.getAttribute("class") ?? "").split(/\s+/).includes(name);
}

function texOf(node: HTMLElement): string {
  const annotation = node.querySelector('annotation[encoding="application/x-tex"]');
  return (annotation?.textContent ?? node.textContent ?? "").trim();
}
