/**
 * No request can freeze the server: notes and lesson HTML beyond the bounds are refused (413)
 * before they are parsed, while /api/health keeps answering; inline pictures of notes are
 * stored as rows and served to their owner only.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { Readable } from "node:stream";
import { Worker } from "node:worker_threads";
import { and, eq } from "drizzle-orm";
import { POST as deletecourse } from "@/app/api/deletecourse/route";
import { POST as getnotes } from "@/app/api/getnotes/route";
import { GET as health } from "@/app/api/health/route";
import { GET as image } from "@/app/api/images/[id]/route";
import { POST as savenotes } from "@/app/api/savenotes/route";
import { POST as update } from "@/app/api/update/route";
import { getDb } from "@/server/db/client";
import { images, notes } from "@/server/db/schema";
import { callRoute } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";
import { lessonsOf, lessonsWithProgress, seedCourse } from "../setup/seed-course";
import { signedUpUser } from "../setup/accounts";

useTestDatabase();

/** A course of `lessonCount` written lessons in one topic. */
async function insertCourse(userId: string, lessonCount = 2) {
  const course = await seedCourse(userId, {
    mainTopic: "Bounded HTML",
    topics: [
      {
        title: "Topic 1",
        lessons: Array.from({ length: lessonCount }, (_, l) => ({
          title: `Lesson ${l + 1}`,
          theory: `<p>Lesson ${l + 1} text.</p>`,
        })),
      },
    ],
  });
  return { course, lessons: await lessonsOf(course.id) };
}

type Handler = (request: Request, route: { params: Promise<unknown> }) => Promise<Response>;

/**
 * The route handlers behind a real HTTP server, as `next start` runs them: bodies arrive over a
 * socket in chunks, and every request shares one event loop.
 */
async function serve(routes: Record<string, Handler>): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const handler = routes[`${req.method} ${req.url}`];
    if (!handler) return void res.writeHead(404).end();
    const request = new Request(`http://localhost${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "GET" ? undefined : (Readable.toWeb(req) as ReadableStream),
      duplex: "half",
    } as RequestInit);
    const response = await handler(request, { params: Promise.resolve({}) });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * The clients, in a thread of their own so their work and timers do not share the server's
 * event loop: a /api/health probe every 20 ms, each timed from when it was due, while the
 * bodies are posted at once. Plain JavaScript: the thread does not go through Jest's transform.
 */
const CLIENTS = `
const { parentPort, workerData } = require("node:worker_threads");
const { url, cookie, bodies } = workerData;
const latencies = [];
const probes = [];
const probe = () => {
  const due = performance.now();
  probes.push(fetch(url + "/api/health").then(async (res) => { await res.arrayBuffer(); latencies.push({ status: res.status, ms: performance.now() - due }); }));
};
(async () => {
  await fetch(url + "/api/health").then((res) => res.arrayBuffer()); // the client's first fetch loads undici
  const timer = setInterval(probe, 20);
  await new Promise((resolve) => setTimeout(resolve, 60));
  const started = performance.now();
  const answers = await Promise.all(bodies.map(async ([path, body]) => {
    const res = await fetch(url + path, { method: "POST", headers: { cookie, "content-type": "application/json" }, body });
    return { status: res.status, json: await res.json() };
  }));
  const elapsed = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 60));
  clearInterval(timer);
  await Promise.all(probes);
  parentPort.postMessage({ answers, latencies, elapsed });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

type ClientsReport = {
  answers: { status: number; json: Record<string, unknown> }[];
  latencies: { status: number; ms: number }[];
  elapsed: number;
  error?: string;
};

function runClients(workerData: {
  url: string;
  cookie: string;
  bodies: (readonly [string, string])[];
}): Promise<ClientsReport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENTS, { eval: true, workerData });
    worker.once("message", (report: ClientsReport) => {
      void worker.terminate();
      if (report.error) reject(new Error(report.error));
      else resolve(report);
    });
    worker.once("error", reject);
  });
}

const nested = (n: number) => "<div>".repeat(n) + "x" + "</div>".repeat(n);
const json = (body: unknown) => ({ rawBody: JSON.stringify(body), headers: { "content-type": "application/json" } });

// A 1×1 PNG, and the same picture as a data: URL.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PNG_URL = `data:image/png;base64,${PNG.toString("base64")}`;
const STORED = /\/api\/images\/([0-9a-f-]{36})/g;

async function notesImages(courseId: string) {
  return (await getDb()).select().from(images).where(eq(images.courseId, courseId));
}

describe("pathological HTML", () => {
  it("refuses deep nesting with 413 at once, changes nothing, and /api/health answers within 200 ms meanwhile", async () => {
    const { cookie, userId } = await signedUpUser();
    const { course, lessons: rows } = await insertCourse(userId, 8);
    expect((await callRoute(savenotes, { body: { course: course.id, notes: "<p>Before</p>" }, cookie })).status).toBe(
      200,
    );

    // The bodies are written out first: building them is the test's work, not the server's.
    const content = {
      [course.mainTopic.toLowerCase()]: [
        {
          title: "Topic 1",
          subtopics: rows.map((l) => ({ title: l.title, theory: nested(45_000), youtube: "", image: "", done: true })),
        },
      ],
    };
    const bodies = [
      ["/api/savenotes", JSON.stringify({ course: course.id, notes: nested(200_000) })],
      ["/api/savenotes", JSON.stringify({ course: course.id, notes: nested(500_000) })],
      ["/api/savenotes", JSON.stringify({ course: course.id, notes: "<b>".repeat(160_000) })],
      ["/api/update", JSON.stringify({ courseId: course.id, content: JSON.stringify(content) })],
    ] as const;
    expect(bodies[1][1].length).toBeGreaterThan(5_000_000);

    // A server that has run a while: each route has answered once (its code compiled).
    expect((await callRoute(update, { body: { courseId: course.id, content: "{}" }, cookie })).status).toBe(400);
    expect((await callRoute(savenotes, { body: { course: course.id, notes: nested(201) }, cookie })).status).toBe(413);
    const server = await serve({
      "GET /api/health": health,
      "POST /api/savenotes": savenotes,
      "POST /api/update": update,
    });
    // 200 ms on a machine with a core to spare; where more runnable processes than cores share
    // it (a busy CI runner), every wall-clock figure stretches by that factor, the bound too.
    // Other test files (some run Chromium) can still starve this process for a moment, so the
    // attack is replayed up to three times and one run must keep within the bounds: a request
    // that really held the thread (before the bounds: 39 s, over 5 minutes, 7 s and 7 s, with no
    // answer to anyone meanwhile) fails every run.
    const runs: { maxProbeMs: number; elapsed: number; bound: number }[] = [];
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const report = await runClients({ url: server.url, cookie, bodies: [...bodies] });
        for (const answer of report.answers) {
          expect(answer.status).toBe(413);
          expect(answer.json).toMatchObject({ success: false, code: "html:too-complex" });
          expect(answer.json.message).toMatch(/at most 200 elements inside one another/);
        }
        expect(report.latencies.length).toBeGreaterThan(5);
        expect(report.latencies.every((probe) => probe.status === 200)).toBe(true);
        const oversubscribed = Math.max(1, os.loadavg()[0] / os.cpus().length);
        const run = {
          maxProbeMs: Math.max(...report.latencies.map((probe) => probe.ms)),
          elapsed: report.elapsed,
          bound: oversubscribed,
        };
        runs.push(run);
        if (run.maxProbeMs < 200 * run.bound && run.elapsed < 1_000 * run.bound) break;
      }
    } finally {
      await server.close();
    }
    expect(runs.some((run) => run.maxProbeMs < 200 * run.bound && run.elapsed < 1_000 * run.bound)).toBe(true);

    const read = await callRoute(getnotes, { body: { course: course.id }, cookie });
    expect(read.json).toMatchObject({ message: "<p>Before</p>", version: 1 });
    const after = await lessonsWithProgress(course.id, course.userId);
    for (const row of after) {
      expect(row.theory).toMatch(/^<p>Lesson \d text\.<\/p>$/);
      expect(row.done).toBe(false);
    }
  });

  it("refuses too many nodes or too much text, and takes HTML within the bounds", async () => {
    const { cookie, userId } = await signedUpUser();
    const { course } = await insertCourse(userId);
    const tooMany = await callRoute(savenotes, {
      ...json({ course: course.id, notes: "<p>x</p>".repeat(25_000) }),
      cookie,
    });
    expect(tooMany.status).toBe(413);
    const tooLong = await callRoute(savenotes, {
      ...json({ course: course.id, notes: `<p>${"a".repeat(1_100_000)}</p>` }),
      cookie,
    });
    expect(tooLong.status).toBe(413);
    const ptAnswer = await callRoute(savenotes, {
      ...json({ course: course.id, notes: nested(300) }),
      cookie: cookie.replace("NEXT_LOCALE=en", "NEXT_LOCALE=pt"),
    });
    expect(ptAnswer.json.message).toMatch(/no máximo 200 elementos/);
    const fine = await callRoute(savenotes, {
      ...json({ course: course.id, notes: nested(150) + "<p>ok</p>".repeat(5_000) }),
      cookie,
    });
    expect(fine.status).toBe(200);
  });
});

describe("inline pictures in notes", () => {
  it("are stored once as rows, served to their owner only, and deleted when no longer referenced", async () => {
    const owner = await signedUpUser();
    const other = await signedUpUser();
    const { course } = await insertCourse(owner.userId);

    const first = await callRoute(savenotes, {
      body: {
        course: course.id,
        notes: `<p>Look<img src="${PNG_URL}" alt="dot"><img src="${PNG_URL}"></p>`,
        version: 0,
      },
      cookie: owner.cookie,
    });
    expect(first.json).toEqual({ success: true, version: 1 });
    const read = await callRoute(getnotes, { body: { course: course.id }, cookie: owner.cookie });
    expect(read.json.message).not.toContain("data:");
    const ids = [...new Set(Array.from((read.json.message as string).matchAll(STORED), (m) => m[1]))];
    expect(ids).toHaveLength(1);
    expect(read.json.message).toBe(
      `<p>Look<img src="/api/images/${ids[0]}" alt="dot" /><img src="/api/images/${ids[0]}" /></p>`,
    );
    expect(await notesImages(course.id)).toHaveLength(1);

    const served = await image(
      new Request(`http://localhost/api/images/${ids[0]}`, { headers: { cookie: owner.cookie } }),
      { params: Promise.resolve({ id: ids[0] }) },
    );
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toMatch(/max-age=31536000/);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    for (const cookie of [other.cookie, undefined]) {
      const refused = await callRoute(image as never, { cookie, params: { id: ids[0] } });
      expect(refused.status).toBe(cookie ? 404 : 401);
    }
    expect((await callRoute(image as never, { cookie: owner.cookie, params: { id: "../notes" } })).status).toBe(404);

    // The editor sends the picture again as data (and the stored address): no new row.
    const again = await callRoute(savenotes, {
      body: { course: course.id, notes: `${read.json.message}<p><img src="${PNG_URL}"></p>`, version: 1 },
      cookie: owner.cookie,
    });
    expect(again.json.version).toBe(2);
    const rows = await notesImages(course.id);
    expect(rows.map((r) => r.id)).toEqual(ids);

    // A stale save stores nothing, pictures included.
    const gif = `data:image/gif;base64,${Buffer.from("R0lGODlhAQABAAAAACw=", "base64").toString("base64")}`;
    const stale = await callRoute(savenotes, {
      body: { course: course.id, notes: `<img src="${gif}">`, version: 1 },
      cookie: owner.cookie,
    });
    expect(stale.status).toBe(409);
    expect(await notesImages(course.id)).toHaveLength(1);

    // Notes without the picture: its row goes.
    const plain = await callRoute(savenotes, {
      body: { course: course.id, notes: "<p>No picture</p>", version: 2 },
      cookie: owner.cookie,
    });
    expect(plain.json.version).toBe(3);
    expect(await notesImages(course.id)).toHaveLength(0);

    // Deleting the course takes its pictures along.
    await callRoute(savenotes, { body: { course: course.id, notes: `<img src="${PNG_URL}">` }, cookie: owner.cookie });
    expect(await notesImages(course.id)).toHaveLength(1);
    expect((await callRoute(deletecourse, { body: { courseId: course.id }, cookie: owner.cookie })).status).toBe(200);
    expect(await notesImages(course.id)).toHaveLength(0);
  });

  it("refuses pictures that are not PNG, JPEG, GIF or WebP, bad base64 and pictures over 5 MB, storing nothing", async () => {
    const { cookie, userId } = await signedUpUser();
    const { course } = await insertCourse(userId);
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString("base64")}`;
    const htmlAsPng = `data:image/png;base64,${Buffer.from("<html><script>alert(1)</script></html>").toString("base64")}`;
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    PNG.copy(big);
    for (const [src, status, code] of [
      [svg, 400, "html:image-invalid"],
      [htmlAsPng, 400, "html:image-invalid"],
      ["data:image/png;base64,iVBOR@@@", 400, "html:image-invalid"],
      [`data:image/png;base64,${big.toString("base64")}`, 413, "html:image-too-large"],
    ] as const) {
      const res = await callRoute(savenotes, {
        ...json({ course: course.id, notes: `<p>x<img src="${src}"></p>` }),
        cookie,
      });
      expect(res.status).toBe(status);
      expect(res.json).toMatchObject({ success: false, code });
    }
    expect(await notesImages(course.id)).toHaveLength(0);
    const [row] = await (
      await getDb()
    )
      .select()
      .from(notes)
      .where(and(eq(notes.courseId, course.id), eq(notes.userId, userId)));
    expect(row).toBeUndefined();
  });
});
