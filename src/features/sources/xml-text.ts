/**
 * The text of Office XML (a PPTX slide's `<a:p>`/`<a:t>`, a DOCX body's `<w:p>`/`<w:t>`), read in
 * one pass over the XML: each `<` is looked at once and each tag ends at the next `>`, so the
 * cost is linear in the XML whatever it holds. (Regular expressions that look for a closing tag
 * after every opening one are quadratic when the closing tags are missing: a 2 kB slide of
 * `<a:p ` froze the server for half a minute.)
 */

/** A paragraph's text runs, joined; paragraphs in order. Only text inside a paragraph counts. */
export type XmlTextNames = { paragraph: string; text: string };

/** Decodes XML's five entities and character references (an invalid code point becomes U+FFFD). */
function xmlUnescape(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(lt|gt|quot|apos|amp|#\d{1,8}|#x[0-9a-fA-F]{1,8});/g, (_, entity: string) => {
    switch (entity) {
      case "lt":
        return "<";
      case "gt":
        return ">";
      case "quot":
        return '"';
      case "apos":
        return "'";
      case "amp":
        return "&";
    }
    const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
  });
}

/** The tag's name: from after `<` (and `/`) to the first space, `/` or the end. */
function tagName(xml: string, from: number, end: number): string {
  let stop = from;
  while (stop < end) {
    const c = xml.charCodeAt(stop);
    // space, tab, CR, LF, "/"
    if (c === 32 || c === 9 || c === 13 || c === 10 || c === 47) break;
    stop++;
  }
  return xml.slice(from, stop);
}

/**
 * The paragraphs of `xml` (each its text runs joined, entities decoded, not trimmed), in order.
 * `onText` hears each run's length as it is read, so a caller can stop the reading (by throwing)
 * once a budget is passed, before the rest is collected. A paragraph left open is dropped.
 */
export function xmlParagraphs(xml: string, names: XmlTextNames, onText?: (chars: number) => void): string[] {
  const paragraphs: string[] = [];
  let runs: string[] | null = null;
  let textFrom = -1;
  let at = 0;
  for (;;) {
    const open = xml.indexOf("<", at);
    if (open < 0) break;
    const close = xml.indexOf(">", open + 1);
    if (close < 0) break;
    at = close + 1;
    const closing = xml.charCodeAt(open + 1) === 47; // "/"
    const selfClosing = xml.charCodeAt(close - 1) === 47;
    const name = tagName(xml, open + (closing ? 2 : 1), close);
    if (name === names.paragraph) {
      if (closing) {
        if (runs) paragraphs.push(runs.join(""));
        runs = null;
      } else if (!selfClosing) runs = [];
      textFrom = -1;
    } else if (name === names.text) {
      if (closing) {
        if (runs && textFrom >= 0) {
          const text = xmlUnescape(xml.slice(textFrom, open));
          onText?.(text.length);
          runs.push(text);
        }
        textFrom = -1;
      } else if (!selfClosing) textFrom = close + 1;
    }
  }
  return paragraphs;
}
