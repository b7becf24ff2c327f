/**
 * Escaping in the exact form the server's sanitizer writes it (src/server/html/sanitize.ts), so
 * rendered Markdown passes through it unchanged: in text `&`, `<` and `>` are escaped and quotes
 * stay as they are; in attribute values `&` and `"` (and `<`, `>`) are escaped.
 */

/** Literal text (code): every `&` is escaped. */
export function escapeCode(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  copy: "©",
  reg: "®",
  trade: "™",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  laquo: "«",
  raquo: "»",
  ldquo: "“",
  rdquo: "”",
  lsquo: "‘",
  rsquo: "’",
  euro: "€",
  deg: "°",
  times: "×",
  divide: "÷",
  middot: "·",
  bull: "•",
  rarr: "→",
  larr: "←",
  le: "≤",
  ge: "≥",
  ne: "≠",
  plusmn: "±",
};

/** The character an entity's body (`copy`, `#169`, `#xA9`) stands for; undefined for a name not listed. */
export function entityChar(body: string, extra: Record<string, string> = {}): string | undefined {
  if (body[0] !== "#") return ENTITIES[body] ?? extra[body.toLowerCase()];
  const code =
    body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\uFFFD";
}

/**
 * Prose: an entity the writer typed is decoded as the sanitizer decodes it (`&copy;` → ©, then
 * escaped again if it is `&`, `<` or `>`); an unknown one stays an entity for the browser.
 */
export function escapeText(text: string): string {
  return text.replace(
    /&(?:(#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});)?|[<>]/gi,
    (match, body: string | undefined) => {
      if (match === "<") return "&lt;";
      if (match === ">") return "&gt;";
      if (!body) return "&amp;";
      const char = entityChar(body);
      if (char === undefined) return match;
      return char === "&" ? "&amp;" : char === "<" ? "&lt;" : char === ">" ? "&gt;" : char;
    },
  );
}

/** A double-quoted attribute value: nothing in it can end the quote or start an entity. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
