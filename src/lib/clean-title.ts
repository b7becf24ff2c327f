/**
 * A title as Aula stores it, the model's or an author's (an outline's topics and lessons, a
 * course's subject): plain text, no tags, no control characters, single spaces, at most 200
 * characters.
 */
export function cleanTitle(value: string): string {
  return value
    .replace(/<[^>]*>/g, "")
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
}
