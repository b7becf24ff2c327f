import "server-only";
import { env } from "@/server/env";
import { apiTranslator } from "@/i18n/api-translator";
import { appError } from "./errors";

/** Methods that only read; every other method changes state and is guarded. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * How a route accepts writes. `same-origin` (the default) is every route a browser of ours
 * calls. `same-origin-upload` is the same, for the one kind of route that also takes a file
 * (`multipart/form-data`, POST /api/sources): the origin checks are unchanged, only the body's
 * type is widened there. `signed` is a provider's webhook: it comes from another origin by design and proves
 * itself by its signature, so its handler must check that signature before anything else.
 */
export type WritePolicy = "same-origin" | "same-origin-upload" | "signed";

function ownOrigins(request: Request): Set<string> {
  const origins = new Set<string>([new URL(env().APP_URL).origin]);
  // The origin this request was addressed to (its Host): the app reached by another name than
  // APP_URL, e.g. 127.0.0.1 instead of localhost. A browser never lets a page choose Host.
  try {
    origins.add(new URL(request.url).origin);
  } catch {
    // an unparsable URL adds nothing
  }
  return origins;
}

/**
 * A state-changing request must come from one of our own pages, or from no browser page at
 * all (an API client, which sends neither header). A page of another origin of the same site
 * (another port, a sibling subdomain) sends the victim's SameSite=Lax cookie along, so the
 * cookie alone proves nothing: `Origin` and `Sec-Fetch-Site` decide. The body must be JSON,
 * which a cross-origin form or a `no-cors` fetch cannot send without a preflight.
 */
export function assertSameOriginWrite(request: Request, policy: WritePolicy = "same-origin"): void {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const foreignSite = site === "cross-site" || site === "same-site";
  if (foreignSite || (origin !== null && !ownOrigins(request).has(origin))) {
    throw appError("request:cross-origin", apiTranslator(request));
  }
  const type = request.headers.get("content-type");
  const hasBody = Number(request.headers.get("content-length") ?? "0") > 0 || request.headers.has("transfer-encoding");
  const accepted = isJsonType(type) || (policy === "same-origin-upload" && isMultipartType(type));
  if ((type !== null || hasBody) && !accepted) {
    throw appError("request:unsupported-type", apiTranslator(request));
  }
}

function isJsonType(type: string | null): boolean {
  return type !== null && type.split(";")[0].trim().toLowerCase() === "application/json";
}

/**
 * A file upload. A cross-origin form can send multipart without a preflight, so on the routes
 * that accept it the Origin and Sec-Fetch-Site checks above are what stands in the way.
 */
export function isMultipartType(type: string | null): boolean {
  return type !== null && type.split(";")[0].trim().toLowerCase() === "multipart/form-data";
}
