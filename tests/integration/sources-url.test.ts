/**
 * A web address given as material, fetched for real: a local HTTP server stands in for a site
 * the deployer named in SOURCE_TRUSTED_ORIGINS (every other private address is refused, as
 * sources-api.test.ts shows). The article is read with Readability (menus and footers left
 * out), titled from the page, chunked by its headings and searchable; a redirect from the trusted
 * site to another private address is still refused, and a page that fails keeps no text.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { POST as addSourceRoute } from "@/app/api/sources/route";
import { GET as getSourceRoute } from "@/app/api/sources/[id]/route";
import { searchSources } from "@/features/sources/server";
import { settleJobs } from "@/server/jobs";
import { paidUser } from "../setup/accounts";
import { useFakeAi } from "../setup/fake-ai";
import { callRoute } from "../setup/http";
import { useSettings } from "../setup/settings";
import { useTestDatabase } from "../setup/test-db";

const ARTICLE = `<!doctype html><html><head><title>Tides explained | Ocean Wiki</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About us</a> <a href="/shop">Shop</a></nav>
<article>
<h1>Tides explained</h1>
<p>Tides are the regular rise and fall of the sea, caused mostly by the Moon's gravity pulling on the oceans of the Earth as it turns.</p>
<h2>Spring and neap tides</h2>
<p>When the Sun and the Moon line up, at new and full moon, their pulls add together and spring tides reach the highest high waters of the month.</p>
<p>At the quarter moons the two pulls work at right angles, and the neap tides that follow have the smallest range between high and low water.</p>
</article>
<footer>Copyright Ocean Wiki. Subscribe to our newsletter for weekly offers.</footer>
</body></html>`;

let server: Server;
let origin = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/tides")
      return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE);
    // A hop from the trusted site to another private address (the metadata service's).
    if (req.url === "/elsewhere") return void res.writeHead(302, { location: "http://169.254.169.254/latest" }).end();
    res.writeHead(500).end("broken");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

useTestDatabase();
useFakeAi({ media: false });
useSettings(() => ({ SOURCE_TRUSTED_ORIGINS: origin }));

const URL_BASE = "http://localhost:3000/api/sources";

async function addUrl(cookie: string, url: string) {
  const res = await callRoute(addSourceRoute, { cookie, body: { url }, url: URL_BASE });
  expect(res.status).toBe(202);
  await settleJobs(["source.ingest"]);
  const id = res.json.sourceId as string;
  const got = await callRoute(getSourceRoute as never, { cookie, params: { id }, url: `${URL_BASE}/${id}` });
  return { ...got.json, id } as { id: string; status: string; title: string; pages: number; error?: { code: string } };
}

describe("a web address as material", () => {
  it("is fetched, read as an article without its menus and footer, and searchable", async () => {
    const user = await paidUser();
    const source = await addUrl(user.cookie, `${origin}/tides`);
    // The page's own title, as Readability reads it.
    expect(source).toMatchObject({ status: "ready", title: "Tides explained | Ocean Wiki", pages: 1 });
    const ids = [source.id];
    const hits = await searchSources(user.id, ids, "neap tides quarter moons");
    expect(hits[0]?.text).toContain("neap tides");
    expect(hits[0]?.headingPath).toContain("Spring and neap tides");
    const all = (await searchSources(user.id, ids, "newsletter offers shop")).map((h) => h.text).join(" ");
    expect(all).not.toMatch(/newsletter|About us/);
  });

  it("refuses a redirect from the trusted site to another private address, and keeps no text of a failed page", async () => {
    const user = await paidUser();
    const redirected = await addUrl(user.cookie, `${origin}/elsewhere`);
    expect(redirected).toMatchObject({ status: "failed", error: { code: "source:url-refused" } });
    const broken = await addUrl(user.cookie, `${origin}/missing`);
    expect(broken).toMatchObject({ status: "failed", error: { code: "source:unreadable" } });
  });
});
