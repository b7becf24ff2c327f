import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { closeBrowser, withBrowserPage } from "@/server/browser/chromium";
import { holdBothBrowserPages } from "../setup/browser-pages";

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
        await page.setContent(
          `<link rel="stylesheet" href="http://127.0.0.1:${port}/x.css"><p dir="rtl">مرحبا بالعالم</p>`,
          { waitUntil: "load" },
        );
        return page.textContent("p");
      },
      { timeoutMs: 20_000, allowedOrigins: ["http://localhost:1"] },
    );
    expect(text).toBe("مرحبا بالعالم");
    expect(outsideHits).toBe(0);
  });

  it("ends a job that overruns its limit and stays usable for the next", async () => {
    await expect(withBrowserPage(() => new Promise(() => undefined), { timeoutMs: 500 })).rejects.toThrow(
      /longer than 500 ms/,
    );
    const title = await withBrowserPage(
      async (page) => {
        await page.setContent("<title>again</title>");
        return page.title();
      },
      { timeoutMs: 10_000 },
    );
    expect(title).toBe("again");
  });

  it("counts the wait for a page in a job's limit: queued past its deadline, it fails without a page and leaves the queue", async () => {
    // Both pages held by jobs the test lets go of.
    const holders = holdBothBrowserPages();
    await holders.held;

    let lateRan = false;
    const late = withBrowserPage(
      async () => {
        lateRan = true;
      },
      { timeoutMs: 300 },
    );
    // Queued behind it: must get the first page that comes free, which the late job must not take.
    const next = withBrowserPage(
      async (page) => {
        await page.setContent("<title>next</title>");
        return page.title();
      },
      { timeoutMs: 20_000 },
    );
    await expect(late).rejects.toThrow(/longer than 300 ms/);
    expect(holders.finished()).toBe(false);
    holders.release();
    expect(await holders.done).toEqual(["held", "held"]);
    expect(await next).toBe("next");
    expect(lateRan).toBe(false);

    // No slot was lost: two jobs still run side by side (each waits until the other has started).
    let met = 0;
    let bothIn: () => void = () => undefined;
    const together = new Promise<void>((resolve) => (bothIn = resolve));
    const pair = [1, 2].map(() =>
      withBrowserPage(
        async () => {
          if (++met === 2) bothIn();
          await together;
          return met;
        },
        { timeoutMs: 10_000 },
      ),
    );
    expect(await Promise.all(pair)).toEqual([2, 2]);
  });
});
