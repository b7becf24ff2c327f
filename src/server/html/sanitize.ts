import "server-only";
import sanitizeHtmlLibrary from "sanitize-html";
import { isStoredImageUrl } from "@/lib/stored-images";
import { HtmlTooComplexError, scanHtml } from "./bounds";

/**
 * The one HTML policy for everything the app stores and shows as HTML: lessons, notes, blog
 * posts, policies. Formatting, lists, code, tables, links and images stay; scripts, styles,
 * event handlers, iframes and unsafe URL schemes go. Formulas (src/server/html/math.ts) stay as
 * exactly what KaTeX writes: see KATEX below.
 */

/**
 * KaTeX's output, and nothing more. Its MathML elements and their presentation attributes (no
 * `href`, no `src`: no MathML or SVG element here can load or run anything), the three SVG
 * elements it draws stretchy delimiters and roots with, and on spans its own classes and the
 * inline layout it computes: lengths in em, a colour from `\color`, relative positioning. Those
 * classes and styles, and those elements, are kept only inside a `katex` span (tracked while parsing), so notes or a
 * shared lesson cannot dress a plain span in them to move text over the page; even there a
 * length is at most 999 em and no value can hold `url(`, `var(` or `expression(`.
 */
const MATHML_TAGS = [
  "math",
  "semantics",
  "annotation",
  "mrow",
  "mi",
  "mn",
  "mo",
  "ms",
  "mtext",
  "mspace",
  "msup",
  "msub",
  "msubsup",
  "mfrac",
  "msqrt",
  "mroot",
  "mtable",
  "mtr",
  "mtd",
  "mlabeledtr",
  "mover",
  "munder",
  "munderover",
  "mpadded",
  "mphantom",
  "menclose",
  "mstyle",
];
const MATHML_ATTRIBUTES: Record<string, sanitizeHtmlLibrary.AllowedAttribute[]> = {
  math: [
    { name: "xmlns", multiple: false, values: ["http://www.w3.org/1998/Math/MathML"] },
    { name: "display", multiple: false, values: ["block", "inline"] },
  ],
  annotation: [{ name: "encoding", multiple: false, values: ["application/x-tex"] }],
  mi: ["mathvariant"],
  mn: ["mathvariant"],
  mtext: ["mathvariant"],
  mo: [
    "mathvariant",
    "fence",
    "stretchy",
    "minsize",
    "maxsize",
    "lspace",
    "rspace",
    "separator",
    "accent",
    "largeop",
    "movablelimits",
    "symmetric",
  ],
  mstyle: ["scriptlevel", "displaystyle", "mathcolor", "mathsize", "mathbackground"],
  mfrac: ["linethickness"],
  mtable: [
    "rowspacing",
    "columnalign",
    "columnspacing",
    "columnlines",
    "rowlines",
    "width",
    "frame",
    "framespacing",
    "side",
  ],
  mtd: ["width", "columnalign"],
  mover: ["accent"],
  munder: ["accentunder"],
  munderover: ["accent", "accentunder"],
  menclose: ["notation"],
  mpadded: ["width", "height", "depth", "lspace", "voffset", "mathbackground", "style"],
  mspace: ["width", "height", "depth", "mathbackground"],
  svg: [
    { name: "xmlns", multiple: false, values: ["http://www.w3.org/2000/svg"] },
    "width",
    "height",
    // htmlparser2 lowers attribute names; the browser's parser restores SVG's own case.
    "viewbox",
    "preserveaspectratio",
    "style",
  ],
  path: ["d"],
  line: ["x1", "y1", "x2", "y2", "stroke-width"],
};
/** Every class KaTeX's stylesheet or its atoms use (katex/dist/katex.css), sizes by pattern. */
const KATEX_CLASSES = [
  ...`katex katex-display katex-html katex-mathml katex-error base strut mord mbin mrel mopen mclose mpunct minner mop
  mtight nobreak allowbreak accent accent-body accent-full amsrm angl anglpad arraycolsep boldsymbol boxpad brace-center
  brace-left brace-right cancel-lap cancel-pad cd-arrow-pad cd-label-left cd-label-right cd-vert-arrow clap col-align-c
  col-align-l col-align-r colorbox delimcenter delimsizing eqn-num fbox fcolorbox fix fleqn frac-line halfarrow-left
  halfarrow-right hbox hdashline hide-tail hline inner large-op leqno llap mainrm mathbb mathbf mathboldfrak mathboldsf
  mathcal mathfrak mathit mathitsf mathnormal mathrm mathscr mathsf mathsfit mathtt mfrac mml-eqn-num mover mspace
  msupsub mtable mtr-glue mult munder newline nulldelimiter op-limits op-symbol overlay overline overline-line pstrut
  rlap root rule sizing small-op smash sout sqrt stretchy svg-align tag text textbb textbf textboldfrak textboldsf
  textfrak textit textitsf textrm textscr textsf texttt thinbox underline underline-line vbox vertical-separator vlist
  vlist-r vlist-s vlist-t vlist-t2 x-arrow x-arrow-pad`
    .trim()
    .split(/\s+/),
  /^(?:reset-)?size(?:[1-9]|1[01])$/,
  /^delim-size[14]$/,
];
const EM = String.raw`-?(?:\d{1,3}(?:\.\d+)?|\.\d+)em|0`;
const LENGTH = new RegExp(`^(?:${EM})$`);
const LENGTHS = new RegExp(`^(?:${EM})(?: (?:${EM})){0,3}$`);
const COLOR_VALUE = String.raw`#[\da-f]{3,8}|[a-z]{3,20}`;
const COLOR = new RegExp(`^(?:${COLOR_VALUE})$`, "i");
const BORDER_STYLE = /^(?:solid|dashed)$/;
const KATEX_STYLES: Record<string, RegExp[]> = {
  height: [LENGTH],
  width: [LENGTH],
  "min-width": [LENGTH],
  "vertical-align": [LENGTH],
  top: [LENGTH],
  bottom: [LENGTH],
  left: [LENGTH],
  margin: [LENGTHS],
  "margin-left": [LENGTH],
  "margin-right": [LENGTH],
  "padding-left": [LENGTH],
  "border-width": [LENGTH],
  "border-top-width": [LENGTH],
  "border-bottom-width": [LENGTH],
  "border-right-width": [LENGTH],
  "border-style": [BORDER_STYLE],
  "border-right-style": [BORDER_STYLE],
  "border-color": [COLOR],
  border: [new RegExp(`^(?:${EM}) (?:solid|dashed) (?:${COLOR_VALUE})$`, "i")],
  color: [COLOR],
  "background-color": [COLOR],
  position: [/^relative$/],
};
/** A `katex` span (or its error form) opens KaTeX's output. */
const opensKatex = (name: string, attribs: Record<string, string>) =>
  name === "span" && /(?:^|\s)katex(?:-display|-error)?(?:\s|$)/.test(attribs.class ?? "");

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
    ...MATHML_TAGS,
    "svg",
    "path",
    "line",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    code: ["class"],
    pre: ["class"],
    span: ["class", "style", "title", { name: "aria-hidden", multiple: false, values: ["true"] }],
    th: ["colspan", "rowspan", "align"],
    td: ["colspan", "rowspan", "align"],
    ol: ["start"],
    // A citation's superscript (src/lib/markdown/citations.ts).
    sup: ["class"],
    ...MATHML_ATTRIBUTES,
  },
  allowedClasses: {
    code: [/^language-[\w-]+$/],
    pre: [/^language-[\w-]+$/],
    span: [/^hljs-[\w-]+$/, ...KATEX_CLASSES],
    sup: ["citation"],
  },
  allowedStyles: { span: KATEX_STYLES, svg: KATEX_STYLES, mpadded: KATEX_STYLES },
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

/** KaTeX's classes and styles outside a `katex` span are dropped (see KATEX above). */
function withoutKatexLayout(attribs: Record<string, string>): Record<string, string> {
  const { style: _style, ...rest } = attribs;
  const classes = (rest.class ?? "").split(/\s+/).filter((c) => /^hljs-[\w-]+$/.test(c));
  return { ...rest, class: classes.join(" ") };
}

/** Sanitized HTML; throws HtmlTooComplexError, before any parsing, for HTML beyond HTML_LIMITS. */
export function sanitizeHtml(html: string): string {
  scanHtml(html);
  // Whether each open element is inside KaTeX's output, innermost last. htmlparser2 closes
  // every element it opens (void and unclosed ones by an implied close), so this stays in step.
  const inKatex: boolean[] = [];
  const katexHere = () => inKatex[inKatex.length - 1] === true;
  // MathML and SVG are KaTeX's only: elsewhere the tag goes (its text stays, as for any tag).
  const KATEX_ONLY = Object.fromEntries(
    [...MATHML_TAGS, "svg", "path", "line"].map((tag) => [
      tag,
      (tagName: string, attribs: Record<string, string>) =>
        katexHere() ? { tagName, attribs } : { tagName: "not-katex", attribs: {} },
    ]),
  );
  return sanitizeHtmlLibrary(html, {
    ...OPTIONS,
    onOpenTag: (name, attribs) => inKatex.push(katexHere() || opensKatex(name, attribs)),
    onCloseTag: () => void inKatex.pop(),
    transformTags: {
      ...OPTIONS.transformTags,
      span: (tagName, attribs) =>
        katexHere() ? { tagName, attribs } : { tagName, attribs: withoutKatexLayout(attribs) },
      ...KATEX_ONLY,
    },
  });
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
    if (HtmlTooComplexError.is(error)) return cutTags(html);
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
