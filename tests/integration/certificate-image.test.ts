/**
 * The certificate picture in every script, with the real Chromium: the card (the same markup
 * the app's card page renders) is served with exactly the Noto faces script-fonts.ts imports,
 * photographed by `renderCertificatePng`, and each name and title is checked glyph by glyph:
 * Chromium reports which font drew each run, and every run must come from a shipped web font
 * (a missing face falls back to a system font, or to tofu, and fails). Arabic and Hebrew must
 * run right to left. The PNGs are written to CERTIFICATE_PNG_DIR when set, to look at.
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { CertificateCard, CARD_SIZE } from "@/features/quiz/components/certificate-card";
import { renderCertificatePng } from "@/features/quiz/certificate-image";
import { closeBrowser, withBrowserPage } from "@/server/browser/chromium";
import { getDb } from "@/server/db/client";
import { certificates, jobs } from "@/server/db/schema";
import { eq } from "drizzle-orm";
import { callRoute } from "../setup/http";
import { useFakeResend } from "../setup/mail";
import { useTestDatabase } from "../setup/test-db";
import { resetSettings } from "../setup/settings";

useTestDatabase();

jest.setTimeout(120_000);

const SAMPLES = [
  { script: "Arabic", name: "ليلى عبد الرحمن", title: "مقدمة في علم الفلك", rtl: true },
  { script: "Hebrew", name: "נועה כהן", title: "מבוא לאסטרונומיה", rtl: true },
  { script: "Hindi", name: "प्रिया शर्मा", title: "खगोल विज्ञान का परिचय", rtl: false },
  { script: "Bengali", name: "সৌমিত্র চট্টোপাধ্যায়", title: "জ্যোতির্বিজ্ঞানের ভূমিকা", rtl: false },
  { script: "Thai", name: "สมชาย ใจดี", title: "ความรู้เบื้องต้นเกี่ยวกับดาราศาสตร์", rtl: false },
  { script: "Chinese", name: "王小明", title: "天文学入门", rtl: false },
  { script: "Japanese", name: "山田 花子", title: "天文学入門コース", rtl: false },
  { script: "Korean", name: "김민준", title: "천문학 입문", rtl: false },
] as const;

const root = process.cwd();
/** The faces the app ships for the card: read from script-fonts.ts itself, so dropping one fails here. */
const fontCss = [
  ...readFileSync(join(root, "src/components/print/script-fonts.ts"), "utf8").matchAll(
    /^import "(@fontsource\/[^"]+\.css)";/gm,
  ),
]
  .map(([, spec]) => {
    const pkg = spec.split("/").slice(0, 2).join("/");
    return readFileSync(join(root, "node_modules", spec), "utf8").replace(
      /url\(\.\/files\//g,
      `url(/fonts/${pkg}/files/`,
    );
  })
  .join("\n");

function cardHtml(sample: (typeof SAMPLES)[number]): string {
  const card = renderToStaticMarkup(
    createElement(CertificateCard, {
      holderName: sample.name,
      courseTitle: sample.title,
      dateLine: "on 3/4/26",
      shortCode: "ABCDEFGH23",
      verifyUrl: "aula.example/certificates/abcdefghijklmnopqrstuv",
      labels: {
        heading: "Certificate of Completion",
        certifies: "This certifies that",
        completed: "has completed the course",
        code: "Code",
        verify: "Verify at",
        issuer: "Aula",
      },
    }),
  );
  return `<!doctype html><html><head><meta charset="utf-8"><style>${fontCss} body{margin:0}</style></head><body>${card}</body></html>`;
}

let server: Server;
let base: string;
let cardRequests = 0;
/** A certificate row's public id (22 characters, as issued) served as the Korean card. */
const STORED_ID = "KoreanCardAbcdefghijkl";
/** Another, served as the Thai card, for the certificate mail. */
const MAILED_ID = "ThaiCardAbcdefghijklmn";

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const card = url.pathname.match(/^\/certificates\/([^/]+)\/card$/);
    if (card) {
      cardRequests++;
      const sample = SAMPLES.find(
        (s) => s.script === (card[1] === STORED_ID ? "Korean" : card[1] === MAILED_ID ? "Thai" : card[1]),
      );
      if (!sample) return res.writeHead(404).end();
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(cardHtml(sample));
    }
    const font = url.pathname.match(/^\/fonts\/(@fontsource\/[a-z0-9-]+)\/files\/([a-z0-9-]+\.woff2?)$/);
    if (font) {
      res.writeHead(200, { "content-type": font[2].endsWith("woff2") ? "font/woff2" : "font/woff" });
      return res.end(readFileSync(join(root, "node_modules", font[1], "files", font[2])));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await closeBrowser();
  await new Promise((resolve) => server.close(resolve));
});

type Run = { familyName: string; isCustomFont: boolean; glyphCount: number };

/** Which fonts Chromium drew an element's text with (DevTools' "Rendered Fonts"). */
async function renderedFonts(url: string, selectors: string[]) {
  return withBrowserPage(
    async (page) => {
      await page.goto(url, { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("DOM.enable");
      await cdp.send("CSS.enable");
      const { root: doc } = await cdp.send("DOM.getDocument", { depth: -1 });
      const out: Record<string, { fonts: Run[]; rtl: boolean }> = {};
      for (const selector of selectors) {
        const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: doc.nodeId, selector });
        const { fonts } = (await cdp.send("CSS.getPlatformFontsForNode", { nodeId })) as { fonts: Run[] };
        const rtl = await page.locator(selector).evaluate((el) => el.matches(":dir(rtl)"));
        out[selector] = { fonts, rtl };
      }
      return out;
    },
    { timeoutMs: 60_000, allowedOrigins: [base], viewport: CARD_SIZE },
  );
}

describe("the certificate picture", () => {
  for (const sample of SAMPLES) {
    it(`draws a ${sample.script} name and title with the shipped Noto faces${sample.rtl ? ", right to left" : ""}`, async () => {
      const png = await renderCertificatePng(sample.script, base);
      // A PNG of the card's size.
      expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect(png.readUInt32BE(16)).toBe(CARD_SIZE.width);
      expect(png.readUInt32BE(20)).toBe(CARD_SIZE.height);
      if (process.env.CERTIFICATE_PNG_DIR) {
        const file = join(process.env.CERTIFICATE_PNG_DIR, `certificate-${sample.script}.png`);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, png);
      }

      const found = await renderedFonts(`${base}/certificates/${sample.script}/card`, [
        "[data-certificate-name]",
        "[data-certificate-title]",
      ]);
      for (const [selector, { fonts, rtl }] of Object.entries(found)) {
        expect(fonts.length).toBeGreaterThan(0);
        // Every glyph from a web font the app serves, never a system fallback.
        expect(
          fonts
            .filter((f) => !f.isCustomFont || !f.familyName.startsWith("Noto Sans"))
            .map((f) => `${selector}: ${f.familyName}`),
        ).toEqual([]);
        expect(rtl).toBe(sample.rtl);
      }
    });
  }
});

describe("the certificate picture route's store", () => {
  it("draws a certificate once in its certificate.picture job, however many ask at the same time, then serves the stored bytes", async () => {
    process.env.APP_URL = base;
    resetSettings();
    const { certificatePng } = await import("@/features/quiz/server");
    const { GET: certificateImage } = await import("@/app/api/certificates/[publicId]/image/route");
    await (
      await getDb()
    )
      .insert(certificates)
      .values({ publicId: STORED_ID, holderName: "김민준", courseTitle: "천문학 입문", shortCode: "ABCDEFGH23" });
    cardRequests = 0;
    // Two requests at once (the image route, as the page and its preview ask): one job, one render.
    const [ra, rb] = await Promise.all([
      callRoute(certificateImage as never, { params: { publicId: STORED_ID } }),
      callRoute(certificateImage as never, { params: { publicId: STORED_ID } }),
    ]);
    expect([ra.status, rb.status, ra.status === 200 ? "" : ra.text, rb.status === 200 ? "" : rb.text]).toEqual([
      200,
      200,
      "",
      "",
    ]);
    expect(ra.headers.get("content-type")).toBe("image/png");
    expect(cardRequests).toBe(1);
    const drawn = await (await getDb()).select().from(jobs).where(eq(jobs.subject, STORED_ID));
    expect(drawn).toMatchObject([{ kind: "certificate.picture", status: "succeeded", attempts: 1 }]);
    const [a, b] = await Promise.all([certificatePng(STORED_ID), certificatePng(STORED_ID)]);
    expect(cardRequests).toBe(1);
    expect(a!.equals(b!)).toBe(true);
    const [row] = await (
      await getDb()
    )
      .select({ png: certificates.png })
      .from(certificates)
      .where(eq(certificates.publicId, STORED_ID));
    expect(Buffer.from(row.png!).equals(a!)).toBe(true);
    const again = await certificatePng(STORED_ID);
    expect(cardRequests).toBe(1);
    expect(again!.equals(a!)).toBe(true);
    expect(await certificatePng("B".repeat(22))).toBeUndefined();
  });
});

describe("the certificate mail", () => {
  const resend = useFakeResend();

  it("draws the picture inside its mail.send job, in the certificate.picture job, and attaches it", async () => {
    process.env.APP_URL = base;
    resetSettings();
    // The quiz service registers the picture as a mail attachment source.
    await import("@/features/quiz/server");
    const { sendMailInBackground, settleBackgroundMail } = await import("@/server/email/mailer");
    await (
      await getDb()
    )
      .insert(certificates)
      .values({ publicId: MAILED_ID, holderName: "สมชาย ใจดี", courseTitle: "ดาราศาสตร์", shortCode: "ABCDEFGH24" });
    cardRequests = 0;
    sendMailInBackground({
      to: "holder@example.io",
      locale: "en",
      template: "certificate",
      data: {
        name: "Somchai",
        courseTitle: "ดาราศาสตร์",
        certificateId: MAILED_ID,
        certificateUrl: `${base}/certificates/${MAILED_ID}`,
        issuedOn: "November 26, 2026",
      },
      attach: [{ source: "certificate-picture", ref: MAILED_ID }],
    });
    await settleBackgroundMail(90_000);

    const [mail] = resend().emails("holder@example.io");
    expect(mail.attachments).toEqual([
      { filename: "certificate.png", contentType: "image/png", bytes: expect.any(Number) },
    ]);
    expect(cardRequests).toBe(1);
    const db = await getDb();
    const [row] = await db
      .select({ png: certificates.png })
      .from(certificates)
      .where(eq(certificates.publicId, MAILED_ID));
    expect(mail.attachments[0].bytes).toBe(row.png!.length);
    const drawn = await db.select().from(jobs).where(eq(jobs.subject, MAILED_ID));
    expect(drawn).toMatchObject([{ kind: "certificate.picture", status: "succeeded" }]);
  });
});
