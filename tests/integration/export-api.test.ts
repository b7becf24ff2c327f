/**
 * Markdown and SCORM exports through the real route and database; the SCORM package is run in a
 * real Chromium with scorm-again as the LMS's SCORM 1.2 API.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { GET as exportRoute } from "@/app/api/courses/[courseId]/export/route";
import { printCoursePdf } from "@/features/export/pdf";
import { ChromiumPdf } from "@/features/export/pdf-file";
import { closeBrowser, withBrowserPage } from "@/server/browser/chromium";
import { holdBothBrowserPages } from "../setup/browser-pages";
import { seedCourse } from "../setup/seed-course";
import { useTestDatabase } from "../setup/test-db";
import { resetSettings, withSettings } from "../setup/settings";
import { signedUpUser } from "../setup/accounts";

jest.setTimeout(60_000);
useTestDatabase();

afterAll(async () => {
  await closeBrowser();
});

async function download(cookie: string, courseId: string, format: string) {
  const request = new Request(`http://localhost:3000/api/courses/${courseId}/export?format=${format}`, {
    headers: { cookie, "x-aula-peer": "203.0.113.9" },
  });
  const response = await (
    exportRoute as (r: Request, c: { params: Promise<{ courseId: string }> }) => Promise<Response>
  )(request, { params: Promise.resolve({ courseId }) });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const PIXEL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

const richCourse = (userId: string) =>
  seedCourse(userId, {
    mainTopic: "Photosynthesis",
    topics: [
      {
        title: "Basics",
        lessons: [
          {
            title: "Light",
            theory:
              '<h2>Why light</h2><p>Plants use <strong>light</strong> &amp; <em>water</em>.</p><ul><li>one</li><li>two</li></ul><pre class="language-js"><code>let a = 1;</code></pre>',
            imageUrl: "https://images.example/leaf.jpg",
            imageAttribution: "Ann Photo",
            done: true,
          },
          { title: "Not yet" },
        ],
      },
      { title: "Further", lessons: [{ title: "Inline", theory: "<p>Pictured.</p>", imageUrl: PIXEL, done: true }] },
    ],
  });

describe("GET /api/courses/{id}/export", () => {
  it("answers a Markdown archive: an Index, one file per lesson, pictures referenced and credited, the placeholder for unwritten lessons", async () => {
    const user = await signedUpUser();
    const course = await richCourse(user.id);
    const res = await download(user.cookie, course.id, "md");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toContain("Photosynthesis.md.zip");
    const files = unzipSync(res.bytes);
    expect(Object.keys(files).sort()).toEqual([
      "01-Basics/01-Light.md",
      "01-Basics/02-Not-yet.md",
      "02-Further/01-Inline.md",
      "README.md",
      "images/02-01.png",
    ]);
    const readme = strFromU8(files["README.md"]);
    expect(readme).toContain("# Photosynthesis");
    expect(readme).toContain("- [Light](01-Basics/01-Light.md)");
    const light = strFromU8(files["01-Basics/01-Light.md"]);
    expect(light).toContain('title: "Light"');
    expect(light).toContain("![Illustration for Light](https://images.example/leaf.jpg)");
    expect(light).toContain("*Image: Ann Photo*");
    expect(light).toContain("##### Why light");
    expect(light).toContain("Plants use **light** & *water*.");
    expect(light).toContain("- one\n- two");
    expect(light).toContain("```js\nlet a = 1;\n```");
    expect(strFromU8(files["01-Basics/02-Not-yet.md"])).toContain(
      "*Please visit Not yet topic to export as PDF. Only topics that are completed will be added to the PDF.*",
    );
    expect(strFromU8(files["02-Further/01-Inline.md"])).toContain("](../images/02-01.png)");
  });

  it("is the owner's only: another user's course is 404, in every format", async () => {
    const owner = await signedUpUser();
    const other = await signedUpUser();
    const course = await richCourse(owner.id);
    for (const format of ["pdf", "md", "scorm"]) {
      const res = await download(other.cookie, course.id, format);
      expect(res.status).toBe(404);
      expect(JSON.parse(Buffer.from(res.bytes).toString())).toMatchObject({ success: false, code: "course:not-found" });
    }
    expect((await download(owner.cookie, course.id, "docx")).status).toBe(400);
  });

  it("says so when no browser can print (503), so the client opens the print dialog instead", async () => {
    const user = await signedUpUser();
    const course = await richCourse(user.id);
    await closeBrowser();
    const restoreSettings = withSettings({ CHROMIUM_PATH: "/nonexistent/chromium" });
    try {
      const res = await download(user.cookie, course.id, "pdf");
      expect(res.status).toBe(503);
      expect(JSON.parse(Buffer.from(res.bytes).toString())).toMatchObject({
        success: false,
        code: "export:browser-unavailable",
      });
    } finally {
      restoreSettings();
    }
  });

  describe("SCORM 1.2", () => {
    let server: Server | undefined;
    afterEach(async () => {
      if (server) await new Promise((resolve) => server!.close(resolve));
      server = undefined;
    });

    it("has the manifest and lesson pages, and reports completion to an LMS (scorm-again) when the last lesson is reached", async () => {
      const user = await signedUpUser();
      const course = await richCourse(user.id);
      const res = await download(user.cookie, course.id, "scorm");
      expect(res.status).toBe(200);
      const files = unzipSync(res.bytes);
      const manifest = strFromU8(files["imsmanifest.xml"]);
      expect(manifest).toContain("<schemaversion>1.2</schemaversion>");
      expect(manifest).toContain('adlcp:scormtype="sco" href="index.html"');
      for (const name of Object.keys(files).filter((f) => f !== "imsmanifest.xml"))
        expect(manifest).toContain(`<file href="${name}"/>`);
      expect(strFromU8(files["lessons/01-02.html"])).toContain("Please visit Not yet topic");

      // The LMS side: a host page with scorm-again's SCORM 1.2 API that opens the package's launch page in a frame.
      const runtime = readFileSync(path.join(process.cwd(), "node_modules/scorm-again/dist/scorm12.min.js"));
      server = createServer((req, reply) => {
        const url = new URL(req.url ?? "/", "http://x");
        if (url.pathname === "/lms.html") {
          reply.setHeader("content-type", "text/html");
          return reply.end(
            `<script src="/scorm12.js"></script><script>window.API = new Scorm12API({ logLevel: 5 });</script><iframe id="sco" src="/sco/index.html"></iframe>`,
          );
        }
        if (url.pathname === "/scorm12.js") return reply.end(runtime);
        const file = files[decodeURIComponent(url.pathname.replace(/^\/sco\//, ""))];
        if (!file) return reply.writeHead(404).end();
        const type = url.pathname.endsWith(".html")
          ? "text/html"
          : url.pathname.endsWith(".js")
            ? "text/javascript"
            : url.pathname.endsWith(".css")
              ? "text/css"
              : "application/octet-stream";
        reply.setHeader("content-type", type);
        reply.end(file);
      });
      await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

      const statuses = await withBrowserPage(
        async (page) => {
          await page.goto(`${origin}/lms.html`, { waitUntil: "load" });
          const sco = page.frameLocator("#sco");
          await sco.locator("#position").filter({ hasText: "Lesson 1 of 3" }).waitFor();
          const read = () =>
            page.evaluate(
              () =>
                (window as unknown as { API: { cmi: { core: { lesson_status: string } } } }).API.cmi.core.lesson_status,
            );
          const seen = [await read()];
          await sco.locator("#next").click();
          await sco.locator("#position").filter({ hasText: "Lesson 2 of 3" }).waitFor();
          seen.push(await read());
          await sco.locator("#next").click();
          await sco.locator("#position").filter({ hasText: "Lesson 3 of 3" }).waitFor();
          seen.push(await read());
          const lessonText = await sco.frameLocator("#lesson").locator("main").textContent();
          return { seen, lessonText };
        },
        { timeoutMs: 30_000, allowedOrigins: [origin] },
      );
      expect(statuses.seen).toEqual(["incomplete", "incomplete", "completed"]);
      expect(statuses.lessonText).toContain("Pictured.");
    });
  });
});

describe("the PDF Index's page numbers", () => {
  it("reads the page each heading landed on from a PDF Chromium printed", async () => {
    const pdf = await withBrowserPage(
      async (page) => {
        const sections = [1, 2, 3]
          .map(
            (i) => `<h2 id="s-${i}" style="break-before:page">Section ${i}</h2>${"<p>line of text</p>".repeat(i * 60)}`,
          )
          .join("");
        await page.setContent(`<nav><a href="#s-1">1</a><a href="#s-2">2</a><a href="#s-3">3</a></nav>${sections}`);
        return Buffer.from(await page.pdf({ format: "A4", tagged: true, outline: true }));
      },
      { timeoutMs: 30_000 },
    );
    const pages = Object.fromEntries(new ChromiumPdf(pdf).destinationPages());
    expect(pages).toEqual({ "s-1": 2, "s-2": 4, "s-3": 8 });
  });
});

describe("printCoursePdf", () => {
  let app: Server | undefined;
  let pictures: Server | undefined;
  const seenCookies: string[] = [];
  let pictureHits = 0;

  afterAll(async () => {
    for (const server of [app, pictures]) if (server) await new Promise((resolve) => server.close(resolve));
    delete process.env.APP_URL;
    delete process.env.MEDIA_WIKIMEDIA_BASE_URL;
    resetSettings();
  });

  it("prints A4 with 15 pt margins and the caller's cookie, fetches only the course's pictures itself, and numbers the Index", async () => {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO4o6aGFTEMLQkAF/tKAS/fz4YAAAAASUVORK5CYII=",
      "base64",
    );
    pictures = createServer((_, reply) => {
      pictureHits++;
      reply.setHeader("content-type", "image/png");
      reply.end(png);
    });
    await new Promise<void>((resolve) => pictures!.listen(0, "127.0.0.1", resolve));
    const pictureUrl = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}/leaf.png`;
    // A configured picture provider: the only origins besides the providers' own picture hosts the export fetches from.
    process.env.MEDIA_WIKIMEDIA_BASE_URL = new URL(pictureUrl).origin;
    const sections = [1, 2, 3]
      .map(
        (i) => `<h2 id="lesson-${i}" style="break-before:page">Lesson ${i}</h2>${"<p>line of text</p>".repeat(i * 60)}`,
      )
      .join("");
    // Entries as the print view lays them out: the title, and a cell at the end kept for the number.
    const index = [1, 2, 3]
      .map(
        (i) =>
          `<a href="#lesson-${i}" style="display:flex;justify-content:space-between"><span>Lesson ${i}</span><span data-page-of="lesson-${i}" style="min-width:2.5em;text-align:end"></span></a>`,
      )
      .join("");
    app = createServer((req, reply) => {
      seenCookies.push(req.headers.cookie ?? "");
      reply.setHeader("content-type", "text/html; charset=utf-8");
      reply.end(
        `<!doctype html><html><body><h1>Index</h1>${index}<img src="${pictureUrl}" alt=""><img src="${pictureUrl.replace("leaf", "other")}" alt="">${sections}</body></html>`,
      );
    });
    await new Promise<void>((resolve) => app!.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    process.env.APP_URL = origin;
    resetSettings();

    const pdf = await printCoursePdf({
      url: `${origin}/course/x/print`,
      cookies: [{ name: "aula.session", value: "token-1", domain: "127.0.0.1", path: "/", secure: false }],
      imageUrls: [pictureUrl],
    });
    expect(seenCookies).toEqual(["aula.session=token-1"]);
    // The listed picture once (by the server); the unlisted one never.
    expect(pictureHits).toBe(1);
    const file = path.join(mkdtempSync(path.join(tmpdir(), "aula-pdf-")), "course.pdf");
    writeFileSync(file, pdf);
    const info = execFileSync("pdfinfo", [file]).toString();
    expect(info).toMatch(/Page size:\s+595\.\d+ x 84[12]\.\d+ pts \(A4\)/);
    expect(info).toMatch(/Tagged:\s+yes/);
    // Read as laid out: each entry's number on its line, at the far end.
    const indexPage = execFileSync("pdftotext", ["-f", "1", "-l", "1", "-layout", file, "-"]).toString();
    expect(indexPage.replace(/\s+/g, " ")).toContain("Lesson 1 2 Lesson 2 4 Lesson 3 8");
    expect(execFileSync("pdfimages", ["-list", file]).toString().trim().split("\n").length).toBe(3);
  });

  it("writes each Index number into the printed file on its entry's line: at the end edge, left in a right-to-left Index, bold for a topic", async () => {
    const entry = (id: string, title: string, bold = false) =>
      `<a href="#${id}" style="display:flex;justify-content:space-between;font-size:12pt${bold ? ";font-weight:700" : ""}"><span>${title}</span><span data-page-of="${id}" style="min-width:2.5em;text-align:end"></span></a>`;
    const page = (dir: string) =>
      `<!doctype html><html dir="${dir}"><body><nav>${entry("topic-1", "Topicword", true)}${entry("lesson-1", "Lessonword")}</nav>` +
      `<h2 id="topic-1" style="break-before:page">T</h2><p>x</p><h3 id="lesson-1" style="break-before:page">L</h3></body></html>`;
    let prints = 0;
    const view = createServer((req, reply) => {
      prints++;
      reply.setHeader("content-type", "text/html; charset=utf-8");
      reply.end(page(req.url?.includes("rtl") ? "rtl" : "ltr"));
    });
    await new Promise<void>((resolve) => view.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(view.address() as AddressInfo).port}`;
    // The print view's page may load nothing but the app's own origin.
    process.env.APP_URL = origin;
    resetSettings();
    const words = async (dir: string) => {
      const pdf = await printCoursePdf({ url: `${origin}/${dir}`, cookies: [], imageUrls: [] });
      const file = path.join(mkdtempSync(path.join(tmpdir(), "aula-pdf-")), `${dir}.pdf`);
      writeFileSync(file, pdf);
      const html = execFileSync("pdftotext", ["-f", "1", "-l", "1", "-bbox", file, "-"]).toString();
      const found = new Map<string, { xMin: number; yMax: number; xMax: number }>();
      for (const m of html.matchAll(/xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="([\d.]+)">([^<]+)</g))
        // Above the footer ("1 / 3"), which holds figures too.
        if (Number(m[3]) < 800) found.set(m[4], { xMin: Number(m[1]), xMax: Number(m[2]), yMax: Number(m[3]) });
      const fonts = execFileSync("pdffonts", [file]).toString();
      return { found, fonts };
    };
    try {
      const ltr = await words("ltr");
      const rtl = await words("rtl");
      // One visit of the print view per export.
      expect(prints).toBe(2);
      for (const { found, fonts } of [ltr, rtl]) {
        expect(fonts).toMatch(/Helvetica-Bold/);
        expect(fonts).toMatch(/Helvetica\s/);
        for (const [title, number] of [
          ["Topicword", "2"],
          ["Lessonword", "3"],
        ]) {
          const t = found.get(title)!;
          const n = found.get(number)!;
          expect(t).toBeDefined();
          expect(n).toBeDefined();
          // The number's baseline is the title's (the fonts' descents differ by a fraction of a point).
          expect(Math.abs(n.yMax - t.yMax)).toBeLessThan(2);
        }
      }
      // Left to right: the number ends at the entry's right edge, after the title; right to left: the mirror.
      expect(ltr.found.get("3")!.xMin).toBeGreaterThan(ltr.found.get("Lessonword")!.xMax + 100);
      expect(ltr.found.get("3")!.xMax).toBeGreaterThan(560);
      expect(rtl.found.get("3")!.xMax).toBeLessThan(rtl.found.get("Lessonword")!.xMin - 100);
      expect(rtl.found.get("3")!.xMin).toBeLessThan(40);
    } finally {
      await new Promise((resolve) => view.close(resolve));
    }
  });
});

/**
 * The route printing PDFs for real: APP_URL points at a small server standing in for the app's
 * print view, which holds its answers while the test keeps its gate shut, so exports are kept in
 * flight for as long as the test needs and no longer (no sleeps).
 */
describe("PDF, Markdown and SCORM through the route (issue 19)", () => {
  let printView: Server;
  let arrived = 0;
  let arrivalWaiters: { count: number; resolve: () => void }[] = [];
  let gate: Promise<void> = Promise.resolve();
  let openGate: () => void = () => undefined;
  const savedAppUrl = process.env.APP_URL;

  /** Resolves once `count` print-view requests have arrived in all. */
  const arrivals = (count: number) =>
    new Promise<void>((resolve) => {
      if (arrived >= count) resolve();
      else arrivalWaiters.push({ count, resolve });
    });
  const shutGate = () => {
    gate = new Promise<void>((resolve) => (openGate = resolve));
  };

  beforeAll(async () => {
    printView = createServer((req, reply) => {
      if (!req.url?.endsWith("/print")) return reply.writeHead(404).end();
      arrived++;
      arrivalWaiters = arrivalWaiters.filter((w) => (arrived >= w.count ? (w.resolve(), false) : true));
      void gate.then(() => {
        reply.setHeader("content-type", "text/html; charset=utf-8");
        reply.end("<!doctype html><html><body><h1>A course</h1><p>Its text.</p></body></html>");
      });
    });
    await new Promise<void>((resolve) => printView.listen(0, "127.0.0.1", resolve));
    process.env.APP_URL = `http://127.0.0.1:${(printView.address() as AddressInfo).port}`;
    resetSettings();
  });

  afterAll(async () => {
    openGate();
    await new Promise((resolve) => printView.close(resolve));
    if (savedAppUrl === undefined) delete process.env.APP_URL;
    else process.env.APP_URL = savedAppUrl;
    delete process.env.EXPORT_TIMEOUT_MS;
    resetSettings();
  });

  const body = (res: { bytes: Uint8Array }) =>
    JSON.parse(Buffer.from(res.bytes).toString()) as { code: string; message: string };

  it("names the file of a course titled ../../../tmp/evil safely, in every format", async () => {
    const user = await signedUpUser();
    const course = await seedCourse(user.id, { mainTopic: "../../../tmp/evil" });
    const expected = { pdf: "tmp evil.pdf", md: "tmp-evil.md.zip", scorm: "tmp-evil.scorm.zip" };
    for (const [format, name] of Object.entries(expected)) {
      const res = await download(user.cookie, course.id, format);
      expect(res.status).toBe(200);
      const header = res.headers.get("content-disposition") ?? "";
      expect(header).toBe(`attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    }
  });

  it("refuses a user's third export at once while two are being made (429, Retry-After), not another user's, and gives the slots back", async () => {
    const user = await signedUpUser();
    const other = await signedUpUser();
    const course = await seedCourse(user.id);
    const othersCourse = await seedCourse(other.id);
    shutGate();
    const seen = arrived;
    const first = download(user.cookie, course.id, "pdf");
    const second = download(user.cookie, course.id, "pdf");
    await arrivals(seen + 2);

    // Both held in the print view: a third, in any format, is refused without waiting.
    for (const format of ["pdf", "md", "scorm"]) {
      const third = await download(user.cookie, course.id, format);
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toBe("5");
      expect(body(third)).toMatchObject({
        code: "export:too-many-running",
        message: "Two of your exports are already being made. Wait for one to finish, then try again.",
      });
    }
    // Another user is not refused meanwhile.
    const others = await download(other.cookie, othersCourse.id, "md");
    expect(others.status).toBe(200);

    openGate();
    for (const res of await Promise.all([first, second])) {
      expect(res.status).toBe(200);
      expect(Buffer.from(res.bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    }
    // Both slots are back: two at once again.
    const again = await Promise.all([download(user.cookie, course.id, "pdf"), download(user.cookie, course.id, "md")]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
  });

  it("counts the wait for a browser page in the export's time: past it, export:failed, and the user's slot is free again", async () => {
    const user = await signedUpUser();
    const course = await seedCourse(user.id);
    const restoreSettings = withSettings({ EXPORT_TIMEOUT_MS: "1500" });
    // Both of the browser's pages are busy with someone else's jobs until the test lets them go.
    const holders = holdBothBrowserPages();
    try {
      await holders.held;
      const seen = arrived;
      const waited = await download(user.cookie, course.id, "pdf");
      expect(waited.status).toBe(502);
      expect(body(waited).code).toBe("export:failed");
      // It never got a page, so it never reached the print view.
      expect(arrived).toBe(seen);
      // The pages are still held: the export ended at its own deadline, not when a page came free.
      expect(holders.finished()).toBe(false);
    } finally {
      holders.release();
      await holders.done;
      restoreSettings();
    }
    // The slot of the failed export is the user's again.
    const [one, two] = await Promise.all([
      download(user.cookie, course.id, "pdf"),
      download(user.cookie, course.id, "pdf"),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
  });

  it("limits exports an hour per user, every attempt counting: 20 PDFs, 60 Markdown or SCORM zips, then 429 with Retry-After", async () => {
    const user = await signedUpUser();
    const course = await seedCourse(user.id);
    // Attempts count before the course is even read: 19 at an unknown course, then the 20th prints.
    for (let i = 0; i < 19; i++) expect((await download(user.cookie, randomUUID(), "pdf")).status).toBe(404);
    expect((await download(user.cookie, course.id, "pdf")).status).toBe(200);
    const pdf = await download(user.cookie, course.id, "pdf");
    expect(pdf.status).toBe(429);
    expect(body(pdf)).toMatchObject({
      code: "export:rate-limited",
      message: "You have made too many exports in the last hour. Please try again later.",
    });
    const retryAfter = Number(pdf.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // The zips have their own, larger allowance.
    for (let i = 0; i < 60; i++)
      expect((await download(user.cookie, course.id, i % 2 ? "md" : "scorm")).status).toBe(200);
    const zip = await download(user.cookie, course.id, "md");
    expect(zip.status).toBe(429);
    expect(body(zip).code).toBe("export:rate-limited");
    expect(Number(zip.headers.get("retry-after"))).toBeGreaterThan(3500);
    // Another user's allowance is their own.
    const other = await signedUpUser();
    expect((await download(other.cookie, (await seedCourse(other.id)).id, "pdf")).status).toBe(200);
  });
});
