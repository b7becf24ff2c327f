/**
 * A course card's cover when no photo was found: an SVG drawn from the topic by /api/cover,
 * so every card has a picture and creation never fails for lack of one.
 */
export function coverUrl(topic: string): string {
  return `/api/cover?${new URLSearchParams({ title: topic.slice(0, 120) })}`;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Words wrapped to lines of at most `width` characters, at most `maxLines` lines. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if ((line + " " + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1].slice(0, width - 1)}…`;
  }
  return lines.map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l));
}

export function coverSvg(title: string): string {
  const h = hash(title);
  const hue = h % 360;
  const hue2 = (hue + 40 + (h % 80)) % 360;
  const lines = wrap(title, 22, 3);
  const text = lines
    .map(
      (l, i) =>
        `<text x="48" y="${330 - (lines.length - 1 - i) * 58}" font-family="system-ui,sans-serif" font-size="48" font-weight="700" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 800 400" role="img" aria-label="${escapeXml(title)}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,50%)"/><stop offset="1" stop-color="hsl(${hue2},70%,30%)"/></linearGradient></defs><rect width="800" height="400" fill="url(#g)"/><circle cx="${620 + (h % 80)}" cy="${90 + (h % 60)}" r="140" fill="#fff" opacity="0.08"/><circle cx="${700 - (h % 50)}" cy="${260 + (h % 40)}" r="90" fill="#fff" opacity="0.06"/>${text}</svg>`;
}
