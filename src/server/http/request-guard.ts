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

/**
 * The names one machine has for itself. A fresh `npm start` prints http://localhost:3000 and
 * sets APP_URL to it; whoever opens http://127.0.0.1:3000 or http://[::1]:3000 instead is on
 * the same server, and no other site can be reached by those names from a browser.
 */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The origin itself and, for a loopback host, the same scheme and port under each loopback name. */
function withLoopbackAliases(origin: URL): string[] {
  if (!LOOPBACK_HOSTS.has(origin.hostname)) return [origin.origin];
  return [...LOOPBACK_HOSTS].map((host) => {
    const alias = new URL(origin.origin);
    alias.hostname = host;
    return alias.origin;
  });
}

function ownOrigins(request: Request): Set<string> {
  const origins = new Set<string>(withLoopbackAliases(new URL(env().APP_URL)));
  // The origin this request was addressed to, as the server names it: the app reached by
  // another name than APP_URL when the server was started with that host name.
  try {
    for (const origin of withLoopbackAliases(new URL(request.url))) origins.add(origin);
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
    // The refusal names APP_URL: a server opened at an address it was not told about refuses
    // every write from it, and whoever runs it needs to know which setting says its address.
    throw appError("request:cross-origin", apiTranslator(request), { values: { appUrl: env().APP_URL } });
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
