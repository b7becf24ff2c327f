import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { closeBrowser, withBrowserPage } from "@/server/browser/chromium";
import { holdBothBrowserPages } from "../setup/browser-pages";
import { withSettings } from "../setup/settings";

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

/** This process's Chromium descendants (Linux /proc). */
function browserProcesses(): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {}
  }
  return [...parentOf.keys()]
    .filter((pid) => {
      for (let at = parentOf.get(pid); at !== undefined && at > 1; at = parentOf.get(at))
        if (at === process.pid) return true;
      return false;
    })
    .filter((pid) => {
      try {
        return /chrom|headless_shell/i.test(readFileSync(`/proc/${pid}/comm`, "utf8"));
      } catch {
        return false;
      }
    });
}

const autogroupOn = (() => {
  try {
    return readFileSync("/proc/sys/kernel/sched_autogroup_enabled", "utf8").trim() === "1";
  } catch {
    return false;
  }
})();

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

  // The kernel schedules the browser's session as one group (autogroup, on by default); its
  // niceness is what weighs the browser against the server, whatever Chromium does per thread.
  (autogroupOn ? it : it.skip)(
    "runs below the server's priority, renderers started after launch included, so exports do not starve requests",
    async () => {
      // The default (tests/setup/env.ts sets 0 for the other tests), from a browser started afresh.
      await closeBrowser();
      const restore = withSettings({ BROWSER_NICENESS: undefined });
      // A page is open while the processes are read: its renderer was forked after the launch.
      const groups = await withBrowserPage(
        async (page) => {
          await page.setContent("<p>busy</p>");
          return browserProcesses().map((pid) => readFileSync(`/proc/${pid}/autogroup`, "utf8").trim());
        },
        { timeoutMs: 20_000 },
      ).finally(async () => {
        await closeBrowser();
        restore();
      });
      expect(groups.length).toBeGreaterThan(2);
      expect(groups.filter((group) => !/ nice 10$/.test(group))).toEqual([]);
      expect(readFileSync(`/proc/${process.pid}/autogroup`, "utf8")).not.toMatch(/ nice 10$/);
    },
  );
});
