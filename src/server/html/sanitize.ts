import "server-only";
import sanitizeHtmlLibrary from "sanitize-html";
import { isStoredImageUrl } from "@/lib/stored-images";
import { HtmlTooComplexError, scanHtml } from "./bounds";

/**
 * The one HTML policy for everything the app stores and shows as HTML: lessons, notes, blog
 * posts, policies. Formatting, lists, code, tables, links and images stay; scripts, styles,
 * event handlers, iframes and unsafe URL schemes go.
 */

const OPTIONS: sanitizeHtmlLibrary.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "span",
    "div",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "del",
    "ins",
    "mark",
    "sub",
    "sup",
    "small",
    "kbd",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "caption",
    "a",
    "img",
    "figure",
    "figcaption",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    code: ["class"],
    pre: ["class"],
    span: ["class"],
    th: ["colspan", "rowspan", "align"],
    td: ["colspan", "rowspan", "align"],
    ol: ["start"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/], pre: [/^language-[\w-]+$/], span: [/^hljs-[\w-]+$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Content of these is dropped with the tag, never shown as text.
  nonTextTags: ["script", "style", "textarea", "noscript", "title", "iframe", "object", "embed", "template"],
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external
          ? { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" }
          : { ...attribs, rel: "nofollow" },
      };
    },
  },
  // An image stays only with an https address or a picture stored here (no other relative URL,
  // no data: URL: those are taken out and stored before sanitizing, see inline-images.ts).
  exclusiveFilter: (frame) =>
    frame.tag === "img" && !/^https:\/\//i.test(frame.attribs.src ?? "") && !isStoredImageUrl(frame.attribs.src ?? ""),
};

/** Sanitized HTML; throws HtmlTooComplexError, before any parsing, for HTML beyond HTML_LIMITS. */
export function sanitizeHtml(html: string): string {
  scanHtml(html);
  return sanitizeHtmlLibrary(html, OPTIONS);
}

/**
 * Plain text only: every tag removed (titles, search phrases, attributions, a lesson's text for
 * the chat). HTML beyond the bounds (a lesson stored before they existed) is not parsed: its
 * tags are cut out in one pass instead.
 */
export function stripHtml(html: string): string {
  try {
    scanHtml(html);
  } catch (error) {
    if (error instanceof HtmlTooComplexError) return cutTags(html);
    throw error;
  }
  return sanitizeHtmlLibrary(html, { allowedTags: [], allowedAttributes: {} });
}

function cutTags(html: string): string {
  const parts: string[] = [];
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf("<", at);
    if (lt === -1) {
      parts.push(html.slice(at));
      break;
    }
    parts.push(html.slice(at, lt));
    const gt = html.indexOf(">", lt);
    if (gt === -1) break;
    at = gt + 1;
  }
  return parts.join("");
}
