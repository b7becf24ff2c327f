import "server-only";
import { withBrowserPage } from "@/server/browser/chromium";
import { env } from "@/server/env";
import { paths } from "@/lib/paths";

/** The card's size in CSS pixels; the picture is taken at twice that for sharp text. */
const CARD_WIDTH = 1200;
const CARD_HEIGHT = 850;
const RENDER_TIMEOUT_MS = 30_000;

/**
 * The certificate's picture: the app's own card page, photographed by the shared Chromium once
 * its fonts have loaded (decision 010: only a browser shapes and orders every script right).
 * Throws BrowserUnavailableError when no browser starts.
 */
export async function renderCertificatePng(publicId: string, appUrl: string = env().APP_URL): Promise<Buffer> {
  const url = new URL(paths.certificateCard(publicId), appUrl).toString();
  return withBrowserPage(
    async (page) => {
      const response = await page.goto(url, { waitUntil: "load" });
      if (!response?.ok()) throw new Error(`the certificate card answered ${response?.status() ?? "nothing"}`);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      return page.locator("[data-certificate-card]").screenshot({ type: "png", animations: "disabled" });
    },
    {
      timeoutMs: RENDER_TIMEOUT_MS,
      viewport: { width: CARD_WIDTH, height: CARD_HEIGHT },
      deviceScaleFactor: 1,
      allowedOrigins: [new URL(appUrl).origin],
    },
  );
}
