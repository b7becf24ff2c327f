/**
 * The model often opens a lesson with its title as a heading; the viewer already shows the title
 * above the text, so that first heading is dropped when the lesson is shown (stored lessons keep
 * it: a change of mind costs no migration).
 */
export function withoutRepeatedTitle(html: string, title: string): string {
  const opening = /^\s*<h([12])\b[^>]*>([\s\S]*?)<\/h\1>\s*/i.exec(html);
  if (!opening) return html;
  const heading = comparable(opening[2] ?? "");
  const wanted = comparable(title);
  const rest = html.slice(opening[0].length);
  // While a lesson streams, its first heading arrives a few words at a time.
  const stillTyping = rest.trim() === "" && heading !== "" && wanted.startsWith(heading);
  return heading === wanted || stillTyping ? rest : html;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** A heading's words as a reader sees them: tags dropped, entities decoded, case, spaces and end punctuation folded. */
function comparable(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .normalize("NFKC")
    .toLocaleLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[\s.:!?]+$/, "")
    .trim();
}
