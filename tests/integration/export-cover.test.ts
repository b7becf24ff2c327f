/**
 * The PDF's cover page, printed for real: the cover's markup (the component the print view
 * renders, with the export's own labels) is served with the print view's stylesheet, printed by
 * `printCoursePdf` in Chromium, and its first page read back with pdftotext. The PDFs are written
 * to EXPORT_PDF_DIR when set, to look at.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PrintCover } from "@/features/export/components/print-cover";
import { exportLabels } from "@/features/export/labels";
import { printCoursePdf } from "@/features/export/pdf";
import type { Locale } from "@/i18n/config";
import { closeBrowser } from "@/server/browser/chromium";
import { resetSettings } from "../setup/settings";

jest.setTimeout(120_000);

const css = readFileSync(path.join(process.cwd(), "src/app/(course)/course/[courseId]/print/print.css"), "utf8");
const exportedAt = new Date("2026-11-25T23:30:00Z");

function coverHtml(locale: Locale): string {
  const cover = renderToStaticMarkup(
    createElement(PrintCover, {
      course: { mainTopic: "Fotossíntese  para iniciantes", type: "text_image", lang: "English" },
      lessonCount: 8,
      locale,
      labels: exportLabels(locale),
      exportedAt,
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body><article lang="en" class="print-doc">${cover}</article></body></html>`;
}

let server: Server;
let origin = "";
const savedAppUrl = process.env.APP_URL;

beforeAll(async () => {
  server = createServer((req, reply) => {
    reply.setHeader("content-type", "text/html; charset=utf-8");
    reply.end(coverHtml(req.url?.includes("/en/") ? "en" : "pt"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.APP_URL = origin;
  resetSettings();
});

afterAll(async () => {
  await closeBrowser();
  await new Promise((resolve) => server.close(resolve));
  if (savedAppUrl === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = savedAppUrl;
  resetSettings();
});

async function coverText(locale: Locale): Promise<string> {
  const pdf = await printCoursePdf({ url: `${origin}/${locale}/print`, cookies: [], imageUrls: [] });
  const dir = process.env.EXPORT_PDF_DIR ?? mkdtempSync(path.join(tmpdir(), "aula-cover-"));
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `cover-${locale}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-f", "1", "-l", "1", file, "-"]).toString().replace(/\s+/g, " ");
}

describe("the PDF's cover page", () => {
  it("carries the brand, the course's title, its language named in the reader's language and the export's date (pt)", async () => {
    const text = await coverText("pt");
    expect(text).toContain("Aula");
    expect(text).toContain("Fotossíntese para iniciantes");
    expect(text).toContain("CURSO DE TEORIA E IMAGEM"); // the kicker is upper-cased by the stylesheet
    expect(text).toContain("Idioma: Inglês");
    expect(text).not.toContain("English");
    expect(text).toContain("8 aulas");
    // Late on the 25th in UTC is still the 25th, whatever the server's zone.
    expect(text).toContain("Exportado em 25 de novembro de 2026");
    expect(text).toContain("Um curso feito com a Aula");
  });

  it("reads the same in English for an English reader", async () => {
    const text = await coverText("en");
    expect(text).toContain("Language: English");
    expect(text).toContain("8 lessons");
    expect(text).toContain("Exported on November 25, 2026");
    expect(text).toContain("A course made with Aula");
  });
});
