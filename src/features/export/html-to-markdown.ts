/**
 * Lesson HTML to Markdown for the Markdown export. Lessons are stored sanitized to a known set of
 * tags (src/server/html/sanitize.ts), so a small converter for that set is enough; anything else
 * keeps its text.
 */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };

function decode(text: string): string {
  return text
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name])
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));
}

type Node = { tag: string; attrs: Record<string, string>; children: (Node | string)[] };

const VOID = new Set(["br", "hr", "img"]);

function parse(html: string): Node {
  const root: Node = { tag: "#root", attrs: {}, children: [] };
  const stack: Node[] = [root];
  const token = /<\/?([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g;
  for (const match of html.matchAll(token)) {
    const [whole, tag, rawAttrs, text] = match;
    const top = stack[stack.length - 1];
    if (text !== undefined) {
      top.children.push(decode(text));
    } else if (whole.startsWith("</")) {
      const name = tag.toLowerCase();
      const at = stack.map((n) => n.tag).lastIndexOf(name);
      if (at > 0) stack.length = at;
    } else {
      const attrs: Record<string, string> = {};
      for (const a of rawAttrs.matchAll(/([a-zA-Z-]+)\s*=\s*"([^"]*)"/g)) attrs[a[1].toLowerCase()] = decode(a[2]);
      const node: Node = { tag: tag.toLowerCase(), attrs, children: [] };
      top.children.push(node);
      if (!VOID.has(node.tag) && !whole.endsWith("/>")) stack.push(node);
    }
  }
  return root;
}

// `$` too: a price in the text must not open a formula in a Markdown reader that renders them.
const escapeInline = (text: string) => text.replace(/([\\`*_[\]$])/g, "\\$1");

function inline(nodes: (Node | string)[]): string {
  return nodes.map((n) => (typeof n === "string" ? escapeInline(n.replace(/\s+/g, " ")) : inlineNode(n))).join("");
}

function inlineNode(node: Node): string {
  const inner = () => inline(node.children);
  switch (node.tag) {
    case "strong":
    case "b":
      return `**${inner().trim()}**`;
    case "em":
    case "i":
      return `*${inner().trim()}*`;
    case "s":
    case "del":
      return `~~${inner()}~~`;
    case "code":
      return "`" + textOf(node).replace(/`/g, "\\`") + "`";
    case "br":
      return "  \n";
    case "span":
      return formula(node) ?? inner();
    case "sup": {
      // A grounded lesson's citation (src/lib/markdown/citations.ts) goes back to its footnote
      // reference; the archive adds the `[^n]: quote` definitions after the lesson.
      const cite = /^#cite-(\d{1,3})$/.exec(
        node.children.find((c): c is Node => typeof c !== "string")?.attrs.href ?? "",
      );
      return node.attrs.class === "citation" && cite ? `[^${cite[1]}]` : inner();
    }
    case "a":
      return node.attrs.href ? `[${inner()}](${node.attrs.href})` : inner();
    case "img":
      return node.attrs.src ? `![${node.attrs.alt ?? ""}](${node.attrs.src})` : "";
    default:
      return inner();
  }
}

/**
 * A formula back to its TeX (KaTeX keeps it in the MathML annotation), between the delimiters
 * it was written with: Markdown readers render `$…$` and `$$…$$`. A malformed one (KaTeX's
 * error span) is its source already.
 */
function formula(node: Node): string | undefined {
  const classes = (node.attrs.class ?? "").split(/\s+/);
  if (classes.includes("katex-error")) return `$${textOf(node)}$`;
  const display = classes.includes("katex-display");
  if (!display && !classes.includes("katex")) return undefined;
  const tex = collect(node, "annotation")[0];
  if (!tex) return undefined;
  return display ? `$$${textOf(tex).trim()}$$` : `$${textOf(tex).trim()}$`;
}

function textOf(node: Node | string): string {
  return typeof node === "string" ? node : node.children.map(textOf).join("");
}

function block(node: Node, depth = 0): string {
  const children = () =>
    node.children
      .map((c) =>
        typeof c === "string" ? (c.trim() ? escapeInline(c.replace(/\s+/g, " ")) : "") : blockOrInline(c, depth),
      )
      .join("");
  switch (node.tag) {
    case "#root":
    case "figure":
      return children();
    case "div":
      // A displayed formula is a div of its own (src/lib/markdown/math.ts): a paragraph each.
      return `\n\n${children()}\n\n`;
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6":
      // The lesson's own title is a level-3 heading; its sections go below it.
      return `\n\n${"#".repeat(Math.min(6, Number(node.tag[1]) + 3))} ${inline(node.children).trim()}\n\n`;
    case "p":
    case "figcaption":
    case "caption":
      return `\n\n${inline(node.children).trim()}\n\n`;
    case "blockquote":
      return `\n\n${block({ ...node, tag: "div" }, depth)
        .trim()
        .split("\n")
        .map((l) => `> ${l}`)
        .join("\n")}\n\n`;
    case "pre": {
      // The renderer puts the language on the <code> inside (src/lib/markdown/render.ts).
      const classes = [node, ...collect(node, "code")].map((n) => n.attrs.class ?? "").join(" ");
      const language = classes.match(/language-([\w-]+)/)?.[1] ?? "";
      return `\n\n\`\`\`${language}\n${textOf(node).replace(/\n$/, "")}\n\`\`\`\n\n`;
    }
    case "hr":
      return "\n\n---\n\n";
    case "ul":
    case "ol": {
      let n = Number(node.attrs.start ?? 1);
      const items = node.children.filter((c): c is Node => typeof c !== "string" && c.tag === "li");
      const lines = items.map((li) => {
        const marker = node.tag === "ol" ? `${n++}.` : "-";
        const body = li.children
          .map((c) =>
            typeof c === "string"
              ? escapeInline(c.replace(/\s+/g, " "))
              : ["ul", "ol"].includes(c.tag)
                ? `\n${block(c, depth + 1).replace(/^\n+|\n+$/g, "")}`
                : inlineNode(c),
          )
          .join("")
          .trim();
        return `${"  ".repeat(depth)}${marker} ${body}`;
      });
      return `\n\n${lines.join("\n")}\n\n`;
    }
    case "table": {
      const rows = collect(node, "tr").map((tr) =>
        tr.children
          .filter((c): c is Node => typeof c !== "string" && (c.tag === "td" || c.tag === "th"))
          .map((cell) => inline(cell.children).trim().replace(/\|/g, "\\|")),
      );
      if (rows.length === 0) return "";
      const width = Math.max(...rows.map((r) => r.length));
      const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? "").join(" | ")} |`;
      return `\n\n${[line(rows[0]), line(Array(width).fill("---")), ...rows.slice(1).map(line)].join("\n")}\n\n`;
    }
    default:
      return inlineNode(node);
  }
}

const BLOCKS = new Set([
  "p",
  "div",
  "figure",
  "figcaption",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "pre",
  "hr",
  "ul",
  "ol",
  "table",
  "caption",
]);

function blockOrInline(node: Node, depth: number): string {
  return BLOCKS.has(node.tag) ? block(node, depth) : inlineNode(node);
}

function collect(node: Node, tag: string): Node[] {
  return node.children.flatMap((c) => (typeof c === "string" ? [] : c.tag === tag ? [c] : collect(c, tag)));
}

export function htmlToMarkdown(html: string): string {
  return block(parse(html))
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
