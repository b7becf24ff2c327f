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

/**
 * A cookie's value percent-decoded, as next/headers' cookies() gives it; a value that is not
 * valid percent-encoding reads as absent (cookies() drops it too), never as an error.
 */
export function decodedCookieValue(request: Request, name: string): string | undefined {
  const raw = cookieValue(request, name);
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
