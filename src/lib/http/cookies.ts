/**
 * One cookie's value from a request's `Cookie` header, as sent (not percent-decoded), or
 * undefined when the header does not name it. The first of two cookies with one name wins, as
 * browsers send the most specific first. For route code that has the Request rather than
 * next/headers' cookies() (API handlers, the API translator).
 */
export function cookieValue(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
