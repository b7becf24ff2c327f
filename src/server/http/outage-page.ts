import en from "../../../messages/en.json";
import pt from "../../../messages/pt.json";
import { defaultLocale, isLocale, LOCALE_COOKIE } from "@/i18n/config";
import { cookieValue } from "@/lib/http/cookies";

const catalogs = { pt: pt.outage, en: en.outage } as const;
const htmlLang = { pt: "pt-BR", en: "en" } as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The page every server-rendered address answers while the database cannot be used (src/proxy.ts
 * asks db/reachability.ts first): 503 with Retry-After, as the API's `db:unavailable`, instead of
 * the 500 a page that fails to read its data gets from Next. It needs nothing the outage could
 * take away: no database, no script, no other file; it is in the visitor's language (the
 * language cookie, else Portuguese), follows the system's light or dark scheme, and "Try again"
 * reloads the address asked for.
 */
export function outagePage(request: Request): Response {
  const cookie = cookieValue(request, LOCALE_COOKIE);
  const locale = isLocale(cookie) ? cookie : defaultLocale;
  const t = catalogs[locale];
  const url = new URL(request.url);
  const again = escapeHtml(url.pathname + url.search);
  const html = `<!doctype html>
<html lang="${htmlLang[locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(t.title)} · Aula</title>
<style>
:root { color-scheme: light dark; --bg: #ffffff; --fg: #0a0a0a; --muted: #525252; --accent: #171717; --on-accent: #fafafa; }
@media (prefers-color-scheme: dark) { :root { --bg: #0a0a0a; --fg: #fafafa; --muted: #a3a3a3; --accent: #fafafa; --on-accent: #171717; } }
body { margin: 0; min-height: 100svh; display: flex; align-items: center; justify-content: center; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 32rem; padding: 1.5rem; text-align: center; }
h1 { font-size: 1.75rem; line-height: 1.2; margin: 0 0 0.75rem; }
p { color: var(--muted); margin: 0 0 1.5rem; }
a { display: inline-block; padding: 0.625rem 1.25rem; border-radius: 0.5rem; background: var(--accent); color: var(--on-accent); text-decoration: none; font-weight: 600; }
a:focus-visible { outline: 3px solid var(--fg); outline-offset: 3px; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.text)}</p>
<a href="${again}">${escapeHtml(t.retry)}</a>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "retry-after": "5",
      // Inline styles only: nothing else may load or run on this page.
      "content-security-policy":
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  });
}
