import { Marked, type Tokens } from "marked";
import { INLINE_IMAGE_TYPES } from "../inline-image-types";
import { entityChar, escapeAttribute, escapeCode, escapeText } from "./escape";
import { highlightCode } from "./highlight";
import { citationExtension } from "./citations";
import { mathExtensions, type MathRenderer } from "./math";

/**
 * The one Markdown → HTML conversion, on the server (lessons, before they are stored) and in the
 * browser (lessons while they stream, chat answers). Its output is safe by construction, so the
 * browser may inject it without a sanitizer: raw HTML is shown as text (a few attribute-free
 * inline tags excepted), links and images keep only safe addresses, and every text and
 * attribute is escaped. It is also written in the form the server's sanitizer writes
 * (src/server/html/sanitize.ts), so sanitizing it on the server changes nothing and a lesson
 * looks the same while it streams and once it is stored.
 */

const LINK_SCHEMES = new Set(["http", "https", "mailto"]);
/** A base64 picture of a type accepted inline (no SVG); built from the one list, so the browser carries only the list. */
const INLINE_IMAGE = new RegExp(
  `^data:(?:${INLINE_IMAGE_TYPES.join("|").replace(/[/+]/g, "\\$&")});base64,[A-Za-z0-9+/=\\s]+$`,
  "i",
);
/** Tags that carry no attribute and cannot run anything; any other raw HTML is shown as text. */
const HARMLESS_TAG = /^<(\/?)(b|i|u|s|em|strong|del|ins|mark|sub|sup|small|kbd)\s*>$/i;
const LINE_BREAK_TAG = /^<br\s*\/?>$/i;
/** Entities an attacker may use to hide a scheme (`javascript&colon;`), beyond the ones text uses. */
const URL_ENTITIES: Record<string, string> = { colon: ":", tab: "\t", newline: "\n", sol: "/", lpar: "(", rpar: ")" };

/** An address as a browser would read it: entities decoded, tabs and newlines dropped, leading controls trimmed. */
function normalizeUrl(raw: string): string {
  const decoded = raw.replace(
    /&(#\d{1,7}|#x[\da-f]{1,6}|[a-z]+);?/gi,
    (entity, body: string) => entityChar(body, URL_ENTITIES) ?? entity,
  );
  return decoded.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
}

/** A link target the sanitizer would keep: http(s), mailto, or a relative address (never `//host`). */
export function safeLinkUrl(raw: string): string | null {
  const url = normalizeUrl(raw);
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(url)?.[1];
  if (scheme) return LINK_SCHEMES.has(scheme.toLowerCase()) ? url : null;
  if (/^[/\\]{2}/.test(url) || /[\u0000-\u001f]/.test(url)) return null;
  return url;
}

/** An image the sanitizer would keep: https, or an inline base64 picture. */
export function safeImageUrl(raw: string): string | null {
  const url = normalizeUrl(raw);
  return /^https:\/\//i.test(url) || INLINE_IMAGE.test(url) ? url : null;
}

/** Some models wrap a whole answer in one ```markdown fence; it is unwrapped so it is not shown as code. */
function unwrapMarkdownFence(text: string): string {
  const match = text.trim().match(/^```(?:markdown|md)?\s*\n([\s\S]*?)\n```$/i);
  return match ? match[1] : text;
}

/** The renderer, with formulas made by `math` (TeX source when none: see ./math.ts). */
function createMarked(math?: MathRenderer) {
  const marked = new Marked({
    gfm: true,
    breaks: false,
    async: false,
    renderer: {
      code({ text, lang }: Tokens.Code) {
        const language = (lang ?? "").match(/^\S*/)?.[0] ?? "";
        const body = text ? `${text.replace(/\n$/, "")}\n` : "";
        // The class only when the sanitizer's pattern would keep it.
        const className = /^[\w-]+$/.test(language) ? ` class="language-${language}"` : "";
        return `<pre><code${className}>${highlightCode(body, language)}</code></pre>\n`;
      },
      html({ text, block }: Tokens.HTML | Tokens.Tag) {
        const tag = text.trim();
        if (/^<!--[\s\S]*-->$/.test(tag)) return "";
        if (LINE_BREAK_TAG.test(tag)) return "<br />";
        const harmless = HARMLESS_TAG.exec(tag);
        if (harmless) return `<${harmless[1]}${harmless[2].toLowerCase()}>`;
        return block ? `<p>${escapeText(text.trim())}</p>\n` : escapeText(text);
      },
      hr() {
        return "<hr />\n";
      },
      br() {
        return "<br />";
      },
      checkbox({ checked }: Tokens.Checkbox) {
        return checked ? "☑ " : "☐ ";
      },
      codespan({ text }: Tokens.Codespan) {
        return `<code>${escapeCode(text)}</code>`;
      },
      text(token: Tokens.Text | Tokens.Escape) {
        // Always escaped, whatever the lexer thought of the text (after a raw `<script>` it marks text "escaped").
        return "tokens" in token && token.tokens ? this.parser.parseInline(token.tokens) : escapeText(token.text);
      },
      link({ href, title, tokens }: Tokens.Link) {
        const text = this.parser.parseInline(tokens);
        const url = safeLinkUrl(href);
        if (url === null) return text;
        const external = /^https?:/i.test(url);
        const titled = title ? ` title="${escapeAttribute(title)}"` : "";
        const rel = external ? ' target="_blank" rel="noopener noreferrer nofollow"' : ' rel="nofollow"';
        return `<a href="${escapeAttribute(url)}"${titled}${rel}>${text}</a>`;
      },
      image({ href, title, text, tokens }: Tokens.Image) {
        const url = safeImageUrl(href);
        if (url === null) return "";
        const alt = tokens ? this.parser.parseInline(tokens, this.parser.textRenderer) : text;
        const titled = title ? ` title="${escapeAttribute(title)}"` : "";
        return `<img src="${escapeAttribute(url)}" alt="${escapeAttribute(alt)}"${titled} />`;
      },
    },
  });
  marked.use({ extensions: [...mathExtensions(math), citationExtension()] });
  return marked;
}

const plain = createMarked();
const withMath = new WeakMap<MathRenderer, ReturnType<typeof createMarked>>();

function markedFor(math: MathRenderer | undefined) {
  if (!math) return plain;
  const marked = withMath.get(math) ?? createMarked(math);
  withMath.set(math, marked);
  return marked;
}

/**
 * Markdown → safe HTML (see the module comment). `math` renders `$…$` and `$$…$$` (the server's
 * KaTeX); without it they show as their TeX source. `math` must return safe HTML itself.
 */
export function renderMarkdown(markdown: string, math?: MathRenderer): string {
  return (markedFor(math).parse(unwrapMarkdownFence(markdown)) as string).trim();
}

/** One line of Markdown (a quiz question, an option), no paragraph around it; `math` as above. */
export function renderInlineMarkdown(text: string, math?: MathRenderer): string {
  return (markedFor(math).parseInline(text) as string).trim();
}
