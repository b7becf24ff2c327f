import "server-only";
import sanitizeHtmlLibrary from "sanitize-html";

/**
 * The one HTML policy for everything the app stores and shows as HTML: lessons, notes, blog
 * posts, policies. Formatting, lists, code, tables, links and images stay; scripts, styles,
 * event handlers, iframes and unsafe URL schemes go.
 */
const INLINE_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

const OPTIONS: sanitizeHtmlLibrary.IOptions = {
  allowedTags: [
    "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "pre", "code", "span", "div",
    "strong", "b", "em", "i", "u", "s", "del", "ins", "mark", "sub", "sup", "small", "kbd",
    "ul", "ol", "li", "dl", "dt", "dd",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
    "a", "img", "figure", "figcaption",
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
  allowedSchemesByTag: { img: ["https", "data"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Content of these is dropped with the tag, never shown as text.
  nonTextTags: ["script", "style", "textarea", "noscript", "title", "iframe", "object", "embed", "template"],
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external ? { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } : { ...attribs, rel: "nofollow" },
      };
    },
  },
  // An image stays only with an https address or an inline base64 picture (no relative or tracking-pixel tricks).
  exclusiveFilter: (frame) => frame.tag === "img" && !/^https:\/\//i.test(frame.attribs.src ?? "") && !INLINE_IMAGE.test(frame.attribs.src ?? ""),
};

export function sanitizeHtml(html: string): string {
  return sanitizeHtmlLibrary(html, OPTIONS);
}

/** Plain text only: every tag removed (titles, search phrases, attributions). */
export function stripHtml(html: string): string {
  return sanitizeHtmlLibrary(html, { allowedTags: [], allowedAttributes: {} });
}
