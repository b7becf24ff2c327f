/**
 * Pages while the database cannot be used: the proxy (src/proxy.ts) asks before a page renders
 * and answers the outage page with 503 (a page failing mid-render could only answer 500), in the
 * visitor's language, with nothing that needs the database, a script or another file. With the
 * database there, pages go through as before. The outage itself (PostgreSQL stopped and started)
 * is in db-outage.test.ts.
 */
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { openPostgres, setDbHandleForTests, type DbHandle } from "@/server/db/client";
import en from "../../messages/en.json";
import pt from "../../messages/pt.json";
import { useTestDatabase } from "../setup/test-db";

const database = useTestDatabase();

const visit = (path: string, cookie?: string) =>
  proxy(new NextRequest(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} }));

describe("the outage page", () => {
  it("lets pages through while the database answers", async () => {
    for (const path of ["/", "/login", "/dashboard", "/admin/users"]) {
      const res = await visit(path, "aula.session=abc");
      expect(res.status).toBe(200);
      expect(res.headers.get("x-middleware-next")).toBe("1");
    }
  });

  describe("with the database out of reach", () => {
    let unreachable: DbHandle;
    beforeAll(async () => {
      // Nothing listens on port 1: every connection is refused.
      unreachable = await openPostgres("postgres://aula@127.0.0.1:1/aula", 1);
      setDbHandleForTests(unreachable);
    });
    afterAll(async () => {
      setDbHandleForTests(database());
      await unreachable.close();
    });

    it("answers every page, signed in or not, with the outage page: 503, Retry-After, in the visitor's language", async () => {
      const started = Date.now();
      const english = await visit("/dashboard/review?course=x", "NEXT_LOCALE=en; aula.session=abc");
      expect(Date.now() - started).toBeLessThan(3000);
      expect(english.status).toBe(503);
      expect(english.headers.get("retry-after")).toBe("5");
      expect(english.headers.get("cache-control")).toBe("no-store");
      expect(english.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(english.headers.get("content-security-policy")).toMatch(/^default-src 'none'; style-src 'unsafe-inline'/);
      const html = await english.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain(`<h1>${en.outage.title}</h1>`);
      expect(html).toContain(en.outage.text);
      // "Try again" reloads the address asked for; nothing else is loaded or run.
      expect(html).toContain(`<a href="/dashboard/review?course=x">${en.outage.retry}</a>`);
      expect(html).not.toMatch(/<script|<link|src=/i);

      // Signed out, on a public page, without a language cookie: Portuguese, and no redirect to /login first.
      const portuguese = await visit("/");
      expect(portuguese.status).toBe(503);
      const text = await portuguese.text();
      expect(text).toContain('<html lang="pt-BR">');
      expect(text).toContain(`<h1>${pt.outage.title}</h1>`);
      expect((await visit("/dashboard")).status).toBe(503);
    });

    it("writes the asked address into the page only as text", async () => {
      const res = await visit(`/blog/x'"?q="><script>alert(1)</script>`);
      const html = await res.text();
      expect(html).not.toContain("<script>");
      expect(html).toContain(`<a href="/blog/x&#39;%22?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E">`);
    });
  });

  it("lets pages through again once the database answers", async () => {
    const res = await visit("/dashboard", "aula.session=abc");
    expect(res.headers.get("x-middleware-next")).toBe("1");
  });
});
