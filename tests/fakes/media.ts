/**
 * Fakes of the media APIs the app searches, speaking each one's real protocol:
 * Unsplash (GET /search/photos), Pexels (GET /v1/search), Wikimedia Commons (GET /w/api.php),
 * the YouTube Data API (GET /search) and YouTube's web pages (GET /results, /watch, /api/timedtext).
 *
 * Photos are small PNG data URLs (SVG is not an accepted inline picture), so a browser shows them
 * under the app's CSP without any network.
 * Each fake can be scripted: "ok", "empty" (no results), "status-500", "hang" (never answers),
 * and for YouTube "no-transcript"; a rule may apply only to queries containing a marker.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync } from "node:zlib";
import { hashString } from "./fake-text";

type MediaMode = "ok" | "empty" | "status-500" | "hang" | "no-transcript";
type MediaRule = { mode: MediaMode; match?: string; times?: number };

export type FakeMediaServer = {
  url: string;
  requests: { path: string; query: Record<string, string>; authorization?: string }[];
  script: (rule: MediaRule) => void;
  reset: () => void;
  close: () => Promise<void>;
};

type Handler = (ctx: {
  path: string;
  query: URLSearchParams;
  req: IncomingMessage;
  res: ServerResponse;
  mode: MediaMode;
  base: string;
}) => void;

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));

/** CRC-32 as PNG chunks carry it. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB colour of the hue at the given lightness (0–1), fully saturated enough to tell pictures apart. */
function hueColour(hue: number, lightness: number): [number, number, number] {
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const a = 0.7 * Math.min(lightness, 1 - lightness);
    return Math.round(255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
}

/** A landscape picture whose colours come from its query: a PNG data URL, so no network is needed to show it. */
function fakePhotoDataUrl(query: string, source: string): string {
  const hue = hashString(query + source) % 360;
  const [width, height] = [64, 36];
  const from = hueColour(hue, 0.55);
  const to = hueColour((hue + 60) % 360, 0.35);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const at = y * (width * 3 + 1) + 1 + x * 3;
      for (let c = 0; c < 3; c++) rows[at + c] = Math.round(from[c] + (to[c] - from[c]) * t);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString("base64")}`;
}

function fakeVideoId(query: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  let id = "";
  for (let i = 0; i < 11; i++) id += alphabet[hashString(`${query}:${i}`) % 64];
  return id;
}

async function startMediaServer(name: string, handler: Handler, port?: number): Promise<FakeMediaServer> {
  let rules: (MediaRule & { used: number })[] = [];
  const requests: FakeMediaServer["requests"] = [];
  const hanging = new Set<ServerResponse>();
  let base = "";
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query, authorization: req.headers.authorization });
    const searchText = Object.values(query).join(" ");
    const rule = rules.find(
      (r) => (!r.match || searchText.includes(r.match)) && (r.times === undefined || r.used < r.times),
    );
    if (rule) rule.used += 1;
    const mode = rule?.mode ?? "ok";
    if (mode === "hang") {
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    if (mode === "status-500") return json(res, 500, { errors: [`${name}: scripted failure`] });
    try {
      handler({ path: url.pathname, query: url.searchParams, req, res, mode, base });
    } catch (error) {
      json(res, 500, { errors: [String(error)] });
    }
  });
  await new Promise<void>((resolve) => server.listen(port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    script: (rule) => rules.push({ ...rule, used: 0 }),
    reset: () => {
      rules = [];
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Unsplash: `Authorization: Client-ID <key>` required, as the real API does. */
function startFakeUnsplash(port?: number) {
  return startMediaServer(
    "unsplash",
    ({ path, query, req, res, mode }) => {
      if (path !== "/search/photos") return json(res, 404, { errors: ["Not found"] });
      if (!/^Client-ID \S+/.test(req.headers.authorization ?? ""))
        return json(res, 401, { errors: ["OAuth error: The access token is invalid"] });
      const q = query.get("query") ?? "";
      if (mode === "empty") return json(res, 200, { total: 0, total_pages: 0, results: [] });
      const photo = fakePhotoDataUrl(q, "unsplash");
      json(res, 200, {
        total: 1,
        total_pages: 1,
        results: [
          {
            id: `u${hashString(q)}`,
            alt_description: q,
            urls: { raw: photo, full: photo, regular: photo, small: photo, thumb: photo },
            links: { html: `https://unsplash.com/photos/u${hashString(q)}` },
            user: { name: "Ana Fotógrafa", username: "ana", links: { html: "https://unsplash.com/@ana" } },
          },
        ],
      });
    },
    port,
  );
}

/** Pexels: `Authorization: <key>` required. */
function startFakePexels(port?: number) {
  return startMediaServer(
    "pexels",
    ({ path, query, req, res, mode }) => {
      if (path !== "/v1/search") return json(res, 404, { error: "Not found" });
      if (!req.headers.authorization) return json(res, 401, { error: "Unauthorized" });
      const q = query.get("query") ?? "";
      if (mode === "empty") return json(res, 200, { page: 1, per_page: 1, photos: [], total_results: 0 });
      const photo = fakePhotoDataUrl(q, "pexels");
      json(res, 200, {
        page: 1,
        per_page: 1,
        total_results: 1,
        photos: [
          {
            id: hashString(q),
            url: `https://www.pexels.com/photo/${hashString(q)}/`,
            photographer: "Pedro Pexels",
            photographer_url: "https://www.pexels.com/@pedro",
            alt: q,
            src: { original: photo, large2x: photo, large: photo, medium: photo, landscape: photo },
          },
        ],
      });
    },
    port,
  );
}

/** Wikimedia Commons: the MediaWiki query API with a file-namespace search generator. */
function startFakeWikimedia(port?: number) {
  return startMediaServer(
    "wikimedia",
    ({ path, query, res, mode }) => {
      if (path !== "/w/api.php") return json(res, 404, { error: { code: "notfound" } });
      const q = query.get("gsrsearch") ?? "";
      if (mode === "empty") return json(res, 200, { batchcomplete: "" });
      const photo = fakePhotoDataUrl(q, "wikimedia");
      json(res, 200, {
        batchcomplete: "",
        query: {
          pages: {
            "4242": {
              pageid: 4242,
              ns: 6,
              title: `File:${q.replace(/\s+/g, "_")}.png`,
              index: 1,
              imageinfo: [
                {
                  url: photo,
                  thumburl: photo,
                  descriptionurl: "https://commons.wikimedia.org/wiki/File:Example.png",
                  mime: "image/png",
                  extmetadata: {
                    Artist: { value: '<a href="https://commons.wikimedia.org/wiki/User:Wiki">Wiki Autor</a>' },
                    LicenseShortName: { value: "CC BY-SA 4.0" },
                  },
                },
              ],
            },
          },
        },
      });
    },
    port,
  );
}

const TRANSCRIPT = [
  "Welcome to this lesson.",
  "Today we look at the main ideas &amp; how they fit together.",
  "First, the foundations; then, a worked example.",
];

/** YouTube: the Data API (/search with key=) and the web pages used without a key. */
export function startFakeYouTube(port?: number) {
  return startMediaServer(
    "youtube",
    ({ path, query, res, mode, base }) => {
      if (path === "/search") {
        if (!query.get("key"))
          return json(res, 403, { error: { code: 403, message: "The request is missing a valid API key." } });
        if (mode === "empty") return json(res, 200, { kind: "youtube#searchListResponse", items: [] });
        const q = query.get("q") ?? "";
        return json(res, 200, {
          kind: "youtube#searchListResponse",
          items: [
            {
              kind: "youtube#searchResult",
              id: { kind: "youtube#video", videoId: fakeVideoId(q) },
              snippet: { title: `Video: ${q}`, channelTitle: "Fake Channel" },
            },
          ],
        });
      }
      if (path === "/results") {
        const q = query.get("search_query") ?? "";
        const data =
          mode === "empty"
            ? { contents: {} }
            : {
                contents: {
                  twoColumnSearchResultsRenderer: {
                    primaryContents: {
                      sectionListRenderer: {
                        contents: [
                          {
                            itemSectionRenderer: {
                              contents: [
                                {
                                  videoRenderer: {
                                    videoId: fakeVideoId(q),
                                    title: { runs: [{ text: `Video: ${q}` }] },
                                  },
                                },
                              ],
                            },
                          },
                        ],
                      },
                    },
                  },
                },
              };
        return void res
          .writeHead(200, { "content-type": "text/html; charset=utf-8" })
          .end(
            `<!doctype html><html><body><script>var ytInitialData = ${JSON.stringify(data)};</script></body></html>`,
          );
      }
      if (path === "/watch") {
        const id = query.get("v") ?? "";
        const tracks =
          mode === "no-transcript"
            ? []
            : [{ baseUrl: `${base}/api/timedtext?v=${id}&lang=en`, languageCode: "en", kind: "asr" }];
        const player = { captions: { playerCaptionsTracklistRenderer: { captionTracks: tracks } } };
        return void res
          .writeHead(200, { "content-type": "text/html; charset=utf-8" })
          .end(
            `<!doctype html><html><body><script>var ytInitialPlayerResponse = ${JSON.stringify(player)};</script></body></html>`,
          );
      }
      if (path === "/api/timedtext") {
        const body = TRANSCRIPT.map((t, i) => `<text start="${i * 3}" dur="3">${t}</text>`).join("");
        return void res
          .writeHead(200, { "content-type": "text/xml; charset=utf-8" })
          .end(`<?xml version="1.0" encoding="utf-8" ?><transcript>${body}</transcript>`);
      }
      json(res, 404, { error: { code: 404 } });
    },
    port,
  );
}

export type FakeMedia = {
  unsplash: FakeMediaServer;
  pexels: FakeMediaServer;
  wikimedia: FakeMediaServer;
  youtube: FakeMediaServer;
  /** The settings that point the app at these fakes. */
  env: Record<string, string>;
  reset: () => void;
  close: () => Promise<void>;
};

export async function startFakeMedia(
  ports: { unsplash?: number; pexels?: number; wikimedia?: number; youtube?: number } = {},
): Promise<FakeMedia> {
  const [unsplash, pexels, wikimedia, youtube] = await Promise.all([
    startFakeUnsplash(ports.unsplash),
    startFakePexels(ports.pexels),
    startFakeWikimedia(ports.wikimedia),
    startFakeYouTube(ports.youtube),
  ]);
  const all = [unsplash, pexels, wikimedia, youtube];
  return {
    unsplash,
    pexels,
    wikimedia,
    youtube,
    env: {
      MEDIA_UNSPLASH_BASE_URL: unsplash.url,
      MEDIA_PEXELS_BASE_URL: pexels.url,
      MEDIA_WIKIMEDIA_BASE_URL: wikimedia.url,
      MEDIA_YOUTUBE_BASE_URL: youtube.url,
      MEDIA_YOUTUBE_WEB_BASE_URL: youtube.url,
    },
    reset: () => all.forEach((s) => s.reset()),
    close: async () => {
      await Promise.all(all.map((s) => s.close()));
    },
  };
}
