import "server-only";
import type { Page } from "playwright-core";
import { withBrowserPage } from "@/server/browser/chromium";
import { env } from "@/server/env";
import { fetchMedia, isProviderImageUrl } from "@/server/media/fetch";
import { logger } from "@/server/logger";
import { type IndexCell, numberIndex } from "./pdf-index-numbers";

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
 * Prints the course print view to an A4 PDF (15 pt margins, tagged, with an outline and links),
 * once. Chromium has no CSS target-counter for the Index's page numbers, so the print view
 * leaves their cells empty, their places are measured here before printing, and the numbers are
 * written into the printed file from its own links and destinations (see numberIndex).
 */
export async function printCoursePdf(job: PrintJob): Promise<Buffer> {
  return withBrowserPage(
    async (page) => {
      const started = performance.now();
      await serveCourseImages(page, job.imageUrls);
      // The print view is whole as the server renders it (its one client part opens a browser's
      // print dialog, ?print=1), so its scripts are not loaded: Next's runtime loading and
      // hydrating the course was most of an export's time (issue 25 item 4).
      await page.route(
        (url) => url.pathname.endsWith(".js"),
        (route) => (route.request().resourceType() === "script" ? route.abort("blockedbyclient") : route.fallback()),
      );
      await page.context().addCookies(job.cookies);
      const response = await page.goto(job.url, { waitUntil: "load" });
      if (!response?.ok()) throw new Error(`print view answered ${response?.status()}`);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.emulateMedia({ media: "print" });
      const loaded = performance.now();
      const cells = await measureIndexCells(page);
      const measuredAt = performance.now();
      const printed = Buffer.from(
        await page.pdf({
          format: "A4",
          printBackground: true,
          margin: { top: MARGIN, right: MARGIN, bottom: MARGIN, left: MARGIN },
          displayHeaderFooter: true,
          headerTemplate: "<span></span>",
          footerTemplate: FOOTER,
          outline: true,
          tagged: true,
        }),
      );
      const printedAt = performance.now();
      let pdf: Buffer = printed;
      try {
        pdf = numberIndex(printed, cells).pdf;
      } catch (error) {
        // A PDF this reader does not know (another Chromium's writer): the course, unnumbered.
        logger.warn({ err: error }, "the Index's page numbers could not be written");
      }
      // Where an export's time goes: the print view's load (its HTML, fonts and pictures), the Index's
      // measuring, Chromium's print, the numbering (npm run bench:export prints the split).
      const ms = (from: number, to: number) => Math.round(to - from);
      logger.info(
        {
          loadMs: ms(started, loaded),
          measureMs: ms(loaded, measuredAt),
          printMs: ms(measuredAt, printedAt),
          numberMs: ms(printedAt, performance.now()),
          bytes: pdf.length,
        },
        "pdf printed",
      );
      return pdf;
    },
    // From the call, the wait for a page included (EXPORT_TIMEOUT_MS).
    { timeoutMs: env().EXPORT_TIMEOUT_MS },
  );
}

/**
 * Where each Index number goes, in print layout: its baseline below the top of the entry's link
 * and its inset from the link's end edge (a zero-size inline block sits on the baseline). These
 * do not depend on the page width or on where the page breaks, so they hold in the printed file.
 */
async function measureIndexCells(page: Page): Promise<IndexCell[]> {
  // Every probe is placed before any box is read, and taken out after: one layout of the
  // course, not one per entry (a long course's layout costs tens of milliseconds each time).
  const measured = await page.evaluate(() => {
    const cells = [...document.querySelectorAll<HTMLElement>("[data-page-of]")].flatMap((cell) => {
      const link = cell.closest("a");
      if (!link || !cell.dataset.pageOf) return [];
      const probe = document.createElement("span");
      probe.style.cssText = "display:inline-block;width:0;height:0";
      cell.append(probe);
      return [{ cell, link, probe, dest: cell.dataset.pageOf }];
    });
    const found = cells.map(({ cell, link, probe, dest }) => {
      const row = link.getBoundingClientRect();
      const box = cell.getBoundingClientRect();
      const baseline = probe.getBoundingClientRect().bottom;
      const style = getComputedStyle(cell);
      const rtl = style.direction === "rtl";
      return {
        dest,
        fontSize: parseFloat(style.fontSize),
        weight: Number(style.fontWeight),
        color: style.color,
        baseline: baseline - row.top,
        inset: rtl ? box.left - row.left : row.right - box.right,
        rtl,
      };
    });
    for (const { probe } of cells) probe.remove();
    return found;
  });
  // CSS pixels to PDF points: Chromium prints 96 px to the inch, 72 pt.
  const pt = (px: number) => px * 0.75;
  return measured.map((cell) => ({
    dest: cell.dest,
    fontSize: pt(cell.fontSize),
    bold: cell.weight >= 600,
    color: rgb(cell.color),
    baseline: pt(cell.baseline),
    inset: pt(cell.inset),
    rtl: cell.rtl,
  }));
}

/** `rgb(r, g, b)` or `rgba(…)` as PDF's 0–1 components; black when unreadable. */
function rgb(css: string): [number, number, number] {
  const parts = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/.exec(css);
  return parts ? [Number(parts[1]) / 255, Number(parts[2]) / 255, Number(parts[3]) / 255] : [0, 0, 0];
}
