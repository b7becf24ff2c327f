import { type NextRequest, NextResponse } from "next/server";
import { checkoutSources, type CheckoutSources } from "@/features/plans/payments/providers";
import { areas, isWithin, paths } from "@/lib/paths";
import { databaseReachable } from "@/server/db/reachability";
import { outagePage } from "@/server/http/outage-page";

/**
 * Next 16's request proxy. Three jobs only:
 * 1. a per-request CSP nonce (Next applies it to its own inline scripts; next-themes reads it);
 * 2. optimistic redirects to /login when there is no session cookie at all;
 * 3. the outage page (503) while the database cannot be used: a page failing mid-render can only
 *    answer 500 (src/server/db/reachability.ts).
 * It is a convenience, not a guard: every page and route checks the session on the server itself.
 */
const PROTECTED = [areas.dashboard, areas.course, areas.admin];
/** The names `sessionCookieName()` gives (src/server/auth/session-token.ts), which the proxy cannot import. */
const SESSION_COOKIES = ["aula.session", "__Secure-aula.session"];

/** `checkout`: the payment page's provider origins, from each provider's registry entry (payments/providers.ts). */
export function contentSecurityPolicy(nonce: string, dev: boolean, checkout?: CheckoutSources): string {
  const extra = (origins: string[] = []) => origins.map((origin) => ` ${origin}`).join("");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}${extra(checkout?.script)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${extra(checkout?.connect)}`,
    "media-src 'self' blob:",
    `frame-src https://www.youtube-nocookie.com${extra(checkout?.frame)}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

export async function proxy(request: NextRequest) {
  if (!(await databaseReachable())) return outagePage(request);
  const { pathname, search } = request.nextUrl;

  if (PROTECTED.some((area) => isWithin(pathname, area)) && !SESSION_COOKIES.some((c) => request.cookies.has(c))) {
    const login = new URL(paths.login(), request.url);
    login.searchParams.set("callbackUrl", pathname + search);
    return NextResponse.redirect(login);
  }

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const checkout = pathname.startsWith(`${areas.checkout}/`) ? checkoutSources(process.env) : undefined;
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV !== "production", checkout);
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);
  headers.set("x-pathname", (pathname + search).slice(0, 2048));

  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", csp);
  return response;
}

/**
 * Every page request, prefetches included: a request that skipped the proxy would keep a
 * client-sent `x-nonce` header (the layout reads it) and answer without a CSP.
 */
export const config = {
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|icon.svg|sw.js|manifest.webmanifest).*)"],
};
