import { NextRequest } from "next/server";
import { safeCallbackPath } from "@/server/auth/session";
import { config, contentSecurityPolicy, proxy } from "./proxy";

function visit(path: string, cookie?: string) {
  return proxy(new NextRequest(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} }));
}

/** The CSP directives of a header value, by name. */
function directives(csp: string): Map<string, string> {
  return new Map(
    csp.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")] as const;
    }),
  );
}

describe("proxy: optimistic redirects", () => {
  it.each([
    "/dashboard",
    "/dashboard/settings",
    "/course/x",
    "/course/abc/lesson/2?tab=notes",
    "/admin",
    "/admin/users",
  ])("sends %s without a session cookie to /login, coming back afterwards", async (path) => {
    const res = await visit(path, "NEXT_LOCALE=en");
    expect([307, 308]).toContain(res.status);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("callbackUrl")).toBe(path);
    expect(location.origin).toBe("http://localhost:3000");
  });

  it.each(["aula.session=abc", "__Secure-aula.session=abc"])("lets protected pages through with %s", async (cookie) => {
    for (const path of ["/dashboard", "/course/x", "/admin"]) {
      const res = await visit(path, `NEXT_LOCALE=pt; ${cookie}`);
      expect(res.headers.get("location")).toBeNull();
      expect(res.headers.get("x-middleware-next")).toBe("1");
    }
  });

  it.each(["/", "/login", "/signup", "/dashboards", "/courses", "/administrator", "/terms"])(
    "does not redirect %s",
    async (path) => {
      const res = await visit(path);
      expect(res.headers.get("location")).toBeNull();
      expect(res.headers.get("x-middleware-next")).toBe("1");
    },
  );
});

describe("proxy: content security policy", () => {
  it("sets a CSP with a fresh nonce and frame-ancestors 'none', and hands the nonce to the page", async () => {
    const first = await visit("/login");
    const second = await visit("/login");
    const csp = first.headers.get("content-security-policy") ?? "";
    const policy = directives(csp);

    const nonce = first.headers.get("x-middleware-request-x-nonce") ?? "";
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/); // 16 random bytes
    expect(second.headers.get("x-middleware-request-x-nonce")).not.toBe(nonce);

    expect(policy.get("script-src")).toContain(`'nonce-${nonce}'`);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("frame-ancestors")).toBe("'none'");
    expect(policy.get("object-src")).toBe("'none'");
    expect(policy.get("default-src")).toBe("'self'");
    // Server components read the same policy and the asked path from the request headers.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(first.headers.get("x-middleware-request-x-pathname")).toBe("/login");
  });

  it("sets the CSP on signed-in protected pages too", async () => {
    const res = await visit("/dashboard", "aula.session=abc");
    expect(directives(res.headers.get("content-security-policy") ?? "").get("frame-ancestors")).toBe("'none'");
  });

  it("allows eval only in development", () => {
    expect(directives(contentSecurityPolicy("n0nce", true)).get("script-src")).toContain("'unsafe-eval'");
    expect(directives(contentSecurityPolicy("n0nce", false)).get("script-src")).not.toContain("'unsafe-eval'");
  });

  it("runs on prefetches too, replacing a client-sent nonce", async () => {
    // A matcher entry with conditions (`missing`, `has`) would let some page requests skip it.
    expect(config.matcher.every((m) => typeof m === "string")).toBe(true);
    const res = await proxy(
      new NextRequest("http://localhost:3000/login", {
        headers: { "next-router-prefetch": "1", rsc: "1", "x-nonce": "attacker" },
      }),
    );
    const nonce = res.headers.get("x-middleware-request-x-nonce");
    expect(nonce).not.toBe("attacker");
    expect(res.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
  });

  it("runs on pages, not on API routes or static files", () => {
    // Next reads `source` as a path pattern whose parenthesised part is a regular expression.
    const matches = (path: string) => config.matcher.some((m) => new RegExp(`^${m}$`).test(path));
    for (const page of ["/", "/login", "/dashboard", "/course/x", "/admin/users", "/terms"])
      expect(matches(page)).toBe(true);
    for (const other of ["/api/signin", "/api/health", "/_next/static/chunks/a.js", "/favicon.ico"])
      expect(matches(other)).toBe(false);
  });
});

describe("safeCallbackPath", () => {
  it.each([
    "//evil.com",
    "https://evil.com",
    "/\\evil",
    "\\\\evil.com",
    "evil.com/dashboard",
    "",
    "/dash\nboard",
    "/\t/evil.com",
  ])("refuses %j", (value) => {
    expect(safeCallbackPath(value)).toBeNull();
  });

  it("refuses a missing value and an oversized one", () => {
    expect(safeCallbackPath(null)).toBeNull();
    expect(safeCallbackPath(undefined)).toBeNull();
    expect(safeCallbackPath("/" + "a".repeat(3000))).toBeNull();
  });

  it.each(["/dashboard?x=1", "/dashboard", "/course/abc?tab=notes#top"])("accepts %j unchanged", (value) => {
    expect(safeCallbackPath(value)).toBe(value);
  });

  it("keeps every accepted path on the app's own origin", () => {
    const tricky = [
      "/dashboard?x=1",
      "/course/abc",
      "/.//evil.com",
      "/%2F%2Fevil.com",
      "/@evil.com",
      "/..//evil.com",
      "/ /evil.com",
    ];
    for (const value of tricky) {
      const accepted = safeCallbackPath(value);
      if (accepted !== null) expect(new URL(accepted, "http://localhost:3000").origin).toBe("http://localhost:3000");
    }
  });
});

describe("proxy: the payment page lets in exactly the configured checkout origins", () => {
  const keys = ["FLUTTERWAVE_SECRET_KEY", "FLUTTERWAVE_PUBLIC_KEY", "FLUTTERWAVE_CHECKOUT_URL"] as const;
  const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
  afterEach(() => {
    for (const k of keys) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  it("adds the Flutterwave checkout origin to script-src and frame-src on /dashboard/payment/* only, when Flutterwave is set up", async () => {
    const session = "aula.session=abc";
    const csp = async (path: string) =>
      directives((await visit(path, session)).headers.get("content-security-policy") ?? "");
    for (const k of keys) delete process.env[k];
    expect((await csp("/dashboard/payment/monthly")).get("frame-src")).toBe("https://www.youtube-nocookie.com");

    process.env.FLUTTERWAVE_SECRET_KEY = "FLWSECK-x";
    process.env.FLUTTERWAVE_PUBLIC_KEY = "FLWPUBK-x";
    process.env.FLUTTERWAVE_CHECKOUT_URL = "http://127.0.0.1:3433/v3.js";
    const payment = await csp("/dashboard/payment/yearly");
    expect(payment.get("script-src")).toMatch(/ http:\/\/127\.0\.0\.1:3433$/);
    expect(payment.get("frame-src")).toBe("https://www.youtube-nocookie.com http://127.0.0.1:3433");
    expect(payment.get("connect-src")).toBe("'self'");
    expect((await csp("/dashboard")).get("frame-src")).toBe("https://www.youtube-nocookie.com");
    expect((await csp("/dashboard/pricing")).get("script-src")).not.toContain("127.0.0.1");

    delete process.env.FLUTTERWAVE_CHECKOUT_URL;
    expect((await csp("/dashboard/payment/monthly")).get("frame-src")).toBe(
      "https://www.youtube-nocookie.com https://checkout.flutterwave.com",
    );
  });
});
