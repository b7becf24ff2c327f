import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { closeBrowser, withBrowserPage } from "@/server/browser/chromium";

// The system Chromium (Debian's, as in CI) renders real pages here: no fake browser.
jest.setTimeout(60_000);

let outside: Server;
let outsideHits = 0;

beforeAll(async () => {
  outside = createServer((_, res) => {
    outsideHits++;
    res.end("body{color:red}");
  });
  await new Promise<void>((resolve) => outside.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  await closeBrowser();
  await new Promise((resolve) => outside.close(resolve));
});

describe("the shared browser", () => {
  it("renders a page and refuses every origin it was not given", async () => {
    const port = (outside.address() as AddressInfo).port;
    const text = await withBrowserPage(
      async (page) => {
        await page.setContent(`<link rel="stylesheet" href="http://127.0.0.1:${port}/x.css"><p dir="rtl">مرحبا بالعالم</p>`, { waitUntil: "load" });
        return page.textContent("p");
      },
      { timeoutMs: 20_000, allowedOrigins: ["http://localhost:1"] },
    );
    expect(text).toBe("مرحبا بالعالم");
    expect(outsideHits).toBe(0);
  });

  it("ends a job that overruns its limit and stays usable for the next", async () => {
    await expect(withBrowserPage(() => new Promise(() => undefined), { timeoutMs: 500 })).rejects.toThrow(/longer than 500 ms/);
    const title = await withBrowserPage(
      async (page) => {
        await page.setContent("<title>again</title>");
        return page.title();
      },
      { timeoutMs: 10_000 },
    );
    expect(title).toBe("again");
  });
});
