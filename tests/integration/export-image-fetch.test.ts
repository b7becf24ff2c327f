/**
 * Issue 19, the reproduction: a lesson picture set through /api/update to a port on the server's
 * own machine made the PDF export open a connection to it. The picture is refused at /api/update
 * (only a media provider's picture or an inline one is taken), and the export fetches only
 * provider pictures, through the guarded fetch: a raw loopback listener sees zero connections,
 * also when an allowed provider redirects there and when an old row already holds such an address.
 *
 * The route, the database and Chromium are real; the print view is served by a small server on
 * APP_URL that renders the course's pictures as the app's print view does (a Next server is not
 * run in Jest).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { GET as exportRoute } from "@/app/api/courses/[courseId]/export/route";
import { POST as update } from "@/app/api/update/route";
import { findExportDocument } from "@/features/export/document";
import { closeBrowser } from "@/server/browser/chromium";
import { getDb } from "@/server/db/client";
import { lessons } from "@/server/db/schema";
import { callRoute } from "../setup/http";
import { startLoopbackListener, type LoopbackListener } from "../setup/loopback-listener";
import { seedCourse } from "../setup/seed-course";
import { useTestDatabase } from "../setup/test-db";
import { resetSettings } from "../setup/settings";
import { signedUpUser } from "../setup/accounts";

jest.setTimeout(90_000);
useTestDatabase();

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO4o6aGFTEMLQkAF/tKAS/fz4YAAAAASUVORK5CYII=",
  "base64",
);

let listener: LoopbackListener;
let app: Server;
let provider: Server;
let providerOrigin = "";
const providerHits: IncomingMessage[] = [];
let printOwner = "";

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

beforeAll(async () => {
  listener = await startLoopbackListener();
  // The configured picture provider: one real picture, and a redirect to the listener.
  provider = createServer((req, res) => {
    providerHits.push(req);
    if (req.url === "/leaf.png") return res.writeHead(200, { "content-type": "image/png" }).end(PNG);
    res.writeHead(302, { location: `https://127.0.0.1:${listener.port}/x.png` }).end();
  });
  providerOrigin = await listen(provider);
  // The print view on APP_URL: the course's pictures and texts, as src/features/export/components/print-view.tsx shows them.
  app = createServer((req, res) => {
    const courseId = req.url?.match(/^\/course\/([^/]+)\/print/)?.[1];
    void findExportDocument(printOwner, courseId).then((doc) => {
      const body = (doc?.topics ?? [])
        .flatMap((topic) => topic.lessons)
        .filter((l) => l.completed)
        .map((l) => `<h2>${l.title}</h2>${l.imageUrl ? `<img src="${l.imageUrl}" alt="">` : ""}${l.theory}`)
        .join("");
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(`<!doctype html><html><body>${body}</body></html>`);
    });
  });
  process.env.APP_URL = await listen(app);
  process.env.MEDIA_WIKIMEDIA_BASE_URL = providerOrigin;
  resetSettings();
});

afterAll(async () => {
  await closeBrowser();
  await Promise.all([close(app), close(provider), listener.close()]);
  delete process.env.MEDIA_WIKIMEDIA_BASE_URL;
  process.env.APP_URL = "http://localhost:3000";
  resetSettings();
});

type Content = Record<
  string,
  { title: string; subtopics: { title: string; image: string; done: boolean; theory: string; youtube: string }[] }[]
>;

async function contentOf(courseId: string): Promise<Content> {
  const doc = await findExportDocument(printOwner, courseId);
  return {
    [doc!.course.mainTopic.toLowerCase()]: doc!.topics.map((t) => ({
      title: t.title,
      subtopics: t.lessons.map((l) => ({
        title: l.title,
        image: l.imageUrl ?? "",
        done: l.done,
        theory: l.theory,
        youtube: l.youtubeId ?? "",
      })),
    })),
  };
}

async function setImage(cookie: string, courseId: string, lesson: number, image: string) {
  const content = await contentOf(courseId);
  Object.values(content)[0][0].subtopics[lesson].image = image;
  return callRoute(update, { body: { courseId, content: JSON.stringify(content) }, cookie });
}

const imageOf = async (courseId: string, title: string) =>
  (
    await (
      await getDb()
    )
      .select({ imageUrl: lessons.imageUrl })
      .from(lessons)
      .where(and(eq(lessons.courseId, courseId), eq(lessons.title, title)))
  )[0].imageUrl;

it("a lesson picture on the server's own machine is refused by /api/update, and the PDF export connects to no such address", async () => {
  const owner = await signedUpUser();
  printOwner = owner.id;
  const course = await seedCourse(owner.id, {
    topics: [
      {
        title: "Basics",
        lessons: [
          { title: "Direct", theory: "<p>One.</p>", done: true },
          { title: "Redirected", theory: "<p>Two.</p>", done: true },
          { title: "Old row", theory: "<p>Three.</p>", done: true },
          { title: "Provider", theory: "<p>Four.</p>", done: true },
        ],
      },
    ],
  });

  // The reproduction: the listener's address, in every spelling, is refused and nothing is stored.
  for (const image of [
    `https://127.0.0.1:${listener.port}/x.png`,
    `http://[::1]:${listener.port}/x.png`,
    `https://localhost:${listener.port}/x.png`,
    "https://attacker.example/x.png",
  ]) {
    const res = await setImage(owner.cookie, course.id, 0, image);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: "course:image-not-allowed" });
    expect(await imageOf(course.id, "Direct")).toBeNull();
  }
  // A provider's picture is taken, and so is one that redirects (the export must check that hop).
  expect((await setImage(owner.cookie, course.id, 1, `${providerOrigin}/redirect.png`)).status).toBe(200);
  expect((await setImage(owner.cookie, course.id, 3, `${providerOrigin}/leaf.png`)).status).toBe(200);
  // A row written before this rule may hold anything.
  await (
    await getDb()
  )
    .update(lessons)
    .set({
      imageUrl: `https://127.0.0.1:${listener.port}/old.png`,
      theory: `<p>Three.</p><img src="https://[::1]:${listener.port}/in-text.png">`,
    })
    .where(and(eq(lessons.courseId, course.id), eq(lessons.title, "Old row")));

  const response = await (
    exportRoute as (r: Request, c: { params: Promise<{ courseId: string }> }) => Promise<Response>
  )(
    new Request(`${process.env.APP_URL}/api/courses/${course.id}/export?format=pdf`, {
      headers: { cookie: owner.cookie, "x-aula-peer": "203.0.113.41" },
    }),
    { params: Promise.resolve({ courseId: course.id }) },
  );
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(
    Buffer.from(await response.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");

  // The provider was asked for both of its pictures (so the redirect was met and refused), and nothing reached the listener.
  expect(providerHits.map((r) => r.url).sort()).toEqual(["/leaf.png", "/redirect.png"]);
  expect(listener.connections).toBe(0);
});
