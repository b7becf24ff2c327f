import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

const production = process.env.NODE_ENV === "production";

/** Headers on every response; pages also get a per-request nonce CSP from src/proxy.ts. */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  ...(production ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
];

/**
 * Routes that may start Chromium (src/server/browser/chromium.ts): PDF export, certificate
 * pictures, and the certificate mails of /api/finish and /api/sendcertificate. Where no system
 * browser exists (serverless), @sparticuz/chromium unpacks its own from these compressed files,
 * which it opens by path, so tracing does not find them. Without a browser the print dialog remains.
 */
const BROWSER_ROUTES = ["/api/courses/*/export", "/api/certificates/*/image", "/api/finish", "/api/sendcertificate"];
const CHROMIUM_FILES = [
  "./node_modules/@sparticuz/chromium/bin/**/*",
  // playwright-core reads it by path at launch; tracing misses it (found by the standalone smoke).
  "./node_modules/playwright-core/browsers.json",
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // .next/standalone: a server.js with only the files it needs, for serverless hosts and the
  // Dockerfile (docs/deploy.md). `npm start` (scripts/server.mjs) serves .next as before.
  output: "standalone",
  outputFileTracingIncludes: {
    // Every server process migrates at start (src/server/db/migrate.ts reads ./drizzle by path).
    "/**": ["./drizzle/**/*"],
    ...Object.fromEntries(BROWSER_ROUTES.map((route) => [route, CHROMIUM_FILES])),
  },
  experimental: {
    // Next 16.4 writes Turbopack's build cache into .next/cache by default. A CI run builds once
    // from a clean clone and never reads it back, and writing it took 40–120 s there.
    turbopackFileSystemCacheForBuild: !process.env.CI,
    // Next loads every route's modules at start by default, in the background of the one thread
    // that also answers the first requests: about a hundred routes, 3 s of a start here, while the
    // first request waited (issue 25 item 5). Each route's modules now load on its first request.
    preloadEntriesOnStart: false,
  },
  // Native and WASM server packages are loaded from node_modules at run time, not bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@node-rs/argon2",
    "pino",
    "postgres",
    "playwright-core",
    "@sparticuz/chromium",
  ],
  // Blog covers are resized by next/image from their own route (?v= is the content digest).
  images: { localPatterns: [{ pathname: "/api/blog/*/image" }] },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // API answers are data, never documents: nothing in them may run or be framed.
      {
        source: "/api/:path*",
        headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
