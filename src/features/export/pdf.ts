import "server-only";
import type { Page } from "playwright-core";
import { withBrowserPage } from "@/server/browser/chromium";
import { env } from "@/server/env";
import { fetchMedia, isProviderImageUrl } from "@/server/media/fetch";
import { pageOfDestinations } from "./pdf-destinations";

const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** SPEC section 9: 15 pt on every side (page.pdf takes px, in, cm or mm: 15 pt = 20 CSS px). */
const MARGIN = "20px";

/** Page numbers at the foot of every page; Chromium fills the two classes in. */
const FOOTER = `<div style="width:100%;font-size:7pt;line-height:1;color:#555;text-align:center;font-family:sans-serif"><span class="pageNumber"></span> / <span class="totalPages"></span></div>`;

export type PrintJob = {
  /** The print view's address on the app's own origin. */
  url: string;
  /** The caller's own session cookie: the print view is owner-only. */
  cookies: { name: string; value: string; domain: string; path: string; secure: boolean }[];
  /** The course's pictures: the only remote addresses fetched (by the server, not the page). */
  imageUrls: string[];
};

/**
 * Remote pictures are fetched here and handed to the page: the page itself may load nothing but
 * the app's own origin, and only this course's pictures are fetched at all: those from a media
 * provider's picture host, through the guarded fetch (no private address, each redirect checked).
 */
async function serveCourseImages(page: Page, imageUrls: string[]): Promise<void> {
  const wanted = new Set(imageUrls.filter(isProviderImageUrl));
  if (wanted.size === 0) return;
  await page.route(
    (url) => wanted.has(url.href),
    async (route) => {
      try {
        const response = await fetchMedia(route.request().url(), {}, { timeoutMs: 10_000, maxBytes: MAX_IMAGE_BYTES });
        const type = response.headers.get("content-type") ?? "";
        const body = Buffer.from(await response.arrayBuffer());
        if (!response.ok || !type.startsWith("image/") || body.byteLength > MAX_IMAGE_BYTES)
          return route.abort("failed");
        return route.fulfill({ status: 200, contentType: type, body });
      } catch {
        return route.abort("failed");
      }
    },
  );
}

/**
 * Prints the course print view to an A4 PDF (15 pt margins, tagged, with an outline and links).
 * Two passes give the Index its page numbers: Chromium has no CSS target-counter, so a first,
 * light PDF (layout only) is read for the page each heading landed on, the numbers are written
 * into the Index, and the second, full PDF is the one answered (the Index keeps its length, so
 * nothing moves).
 */
export async function printCoursePdf(job: PrintJob): Promise<Buffer> {
  return withBrowserPage(
    async (page) => {
      await serveCourseImages(page, job.imageUrls);
      await page.context().addCookies(job.cookies);
      const response = await page.goto(job.url, { waitUntil: "load" });
      if (!response?.ok()) throw new Error(`print view answered ${response?.status()}`);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const options = {
        format: "A4" as const,
        printBackground: true,
        margin: { top: MARGIN, right: MARGIN, bottom: MARGIN, left: MARGIN },
        displayHeaderFooter: true,
        headerTemplate: "<span></span>",
        footerTemplate: FOOTER,
        outline: true,
        tagged: true,
      };
      // Placeholders as wide as the real numbers, so the first pass lays the Index out as the second will.
      const pageCount = await page.evaluate(() => {
        const cells = document.querySelectorAll<HTMLElement>("[data-page-of]");
        cells.forEach((cell) => (cell.textContent = "000"));
        return cells.length;
      });
      if (pageCount === 0) return Buffer.from(await page.pdf(options));
      // The first pass is read for one thing, the page each heading lands on, so it skips what
      // does not move a line: the tags and outline, backgrounds, the footer (drawn in the margin)
      // and the pictures' pixels (hidden, their boxes kept). That is most of a print's cost.
      const hidden = await page.addStyleTag({ content: "img, svg, video { visibility: hidden !important; }" });
      const first = Buffer.from(
        await page.pdf({
          ...options,
          tagged: false,
          outline: false,
          printBackground: false,
          displayHeaderFooter: false,
        }),
      );
      await hidden.evaluate((node) => (node as Element).remove());
      const pages = pageOfDestinations(first);
      await page.evaluate((found) => {
        document.querySelectorAll<HTMLElement>("[data-page-of]").forEach((cell) => {
          const n = found[cell.dataset.pageOf ?? ""];
          cell.textContent = n ? String(n) : "";
        });
      }, pages);
      return Buffer.from(await page.pdf(options));
    },
    // From the call, the wait for a page included (EXPORT_TIMEOUT_MS).
    { timeoutMs: env().EXPORT_TIMEOUT_MS },
  );
}

export { MAX_IMAGE_BYTES };
