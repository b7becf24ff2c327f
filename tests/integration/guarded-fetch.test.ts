/**
 * Issue 19: the server never connects to a host a user or a model named when it is not public.
 * A raw loopback listener counts every TCP connection it is offered (plain or TLS alike); every
 * refused case must leave it at zero. Real sockets, real DNS for `localhost`, and an injected
 * resolver where the test decides what a name points to.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { findImage } from "@/server/media/images";
import { fetchTranscript } from "@/server/media/youtube";
import {
  guardedFetch,
  RefusedDestinationError,
  ResponseTooLargeError,
  type Resolver,
} from "@/server/net/guarded-fetch";
import { startFakeYouTube, type FakeMediaServer } from "../fakes/media";
import { startLoopbackListener, type LoopbackListener } from "../setup/loopback-listener";
import { resetSettings } from "../setup/settings";

type Site = { origin: string; port: number; hits: IncomingMessage[]; close: () => Promise<void> };

async function startSite(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Site> {
  const hits: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const redirectTo =
  (location: string, status = 302) =>
  (_: IncomingMessage, res: ServerResponse) =>
    res.writeHead(status, { location }).end();
const options = { timeoutMs: 5_000, maxBytes: 1024 * 1024 };

let listener: LoopbackListener;
const sites: Site[] = [];
const site = async (handler: Parameters<typeof startSite>[0]) => {
  const s = await startSite(handler);
  sites.push(s);
  return s;
};

beforeEach(async () => {
  listener = await startLoopbackListener();
});

afterEach(async () => {
  await listener.close();
  await Promise.all(sites.splice(0).map((s) => s.close()));
});

async function expectRefused(promise: Promise<unknown>, reason: RegExp) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(listener.connections).toBe(0);
  expect(error).toBeInstanceOf(RefusedDestinationError);
  expect((error as RefusedDestinationError).reason).toMatch(reason);
}

describe("guardedFetch refuses what is not public, before connecting", () => {
  it("a loopback address given directly, IPv4 and IPv6, plain and TLS", async () => {
    const port = listener.port;
    await expectRefused(guardedFetch(`https://127.0.0.1:${port}/x.png`, options), /loopback/);
    await expectRefused(guardedFetch(`http://127.0.0.1:${port}/x.png`, options), /loopback/);
    await expectRefused(guardedFetch(`http://127.1:${port}/x.png`, options), /loopback/);
    await expectRefused(guardedFetch(`http://2130706433:${port}/x.png`, options), /loopback/);
    await expectRefused(guardedFetch(`https://[::1]:${port}/x.png`, options), /loopback/);
    await expectRefused(guardedFetch(`http://[::1]:${port}/x.png`, options), /loopback/);
    await expectRefused(guardedFetch(`http://[::ffff:127.0.0.1]:${port}/x.png`, options), /IPv4-mapped/);
    await expectRefused(guardedFetch(`http://0.0.0.0:${port}/x.png`, options), /unspecified/);
    await expectRefused(guardedFetch(`http://[::]:${port}/x.png`, options), /unspecified/);
    await expectRefused(guardedFetch("http://169.254.169.254/latest/meta-data/", options), /link-local/);
    await expectRefused(guardedFetch("http://10.0.0.1/", options), /private/);
    expect(listener.connections).toBe(0);
  });

  it("a name the system resolves to the loopback (localhost)", async () => {
    await expectRefused(
      guardedFetch(`http://localhost:${listener.port}/x.png`, options),
      /localhost resolves to a loopback address/,
    );
    await expectRefused(guardedFetch(`https://localhost:${listener.port}/x.png`, options), /loopback/);
    expect(listener.connections).toBe(0);
  });

  it("a name whose resolution the attacker controls: any refused address among its answers refuses it", async () => {
    const asked: string[] = [];
    const resolver =
      (...addresses: string[]): Resolver =>
      async (hostname) => {
        asked.push(hostname);
        return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
      };
    await expectRefused(
      guardedFetch(`http://pictures.attacker.test:${listener.port}/x.png`, {
        ...options,
        resolve: resolver("127.0.0.1"),
      }),
      /loopback/,
    );
    await expectRefused(
      guardedFetch(`http://pictures.attacker.test:${listener.port}/x.png`, { ...options, resolve: resolver("::1") }),
      /loopback/,
    );
    await expectRefused(
      guardedFetch(`http://pictures.attacker.test:${listener.port}/x.png`, {
        ...options,
        resolve: resolver("::ffff:127.0.0.1"),
      }),
      /IPv4-mapped/,
    );
    await expectRefused(
      guardedFetch(`http://pictures.attacker.test:${listener.port}/x.png`, {
        ...options,
        resolve: resolver("93.184.216.34", "127.0.0.1"),
      }),
      /loopback/,
    );
    await expectRefused(
      guardedFetch(`http://metadata.attacker.test/`, { ...options, resolve: resolver("169.254.169.254") }),
      /link-local/,
    );
    expect(asked).toEqual(Array(5).fill(expect.stringMatching(/attacker\.test$/)));
    expect(listener.connections).toBe(0);
  });

  it("a redirect to the loopback from a server it may reach, each hop checked again", async () => {
    const port = listener.port;
    for (const target of [
      `https://127.0.0.1:${port}/x.png`,
      `http://[::1]:${port}/x.png`,
      `http://localhost:${port}/x.png`,
    ]) {
      for (const status of [301, 302, 303, 307, 308]) {
        const provider = await site(redirectTo(target, status));
        await expectRefused(
          guardedFetch(`${provider.origin}/photo.png`, { ...options, trustedOrigins: [provider.origin] }),
          /loopback/,
        );
        expect(provider.hits).toHaveLength(1);
      }
    }
    expect(listener.connections).toBe(0);
  });

  it("a redirect chain longer than allowed", async () => {
    const loop: Site = await site((req, res) => res.writeHead(302, { location: `/again${req.url}` }).end());
    await expectRefused(
      guardedFetch(`${loop.origin}/x`, { ...options, trustedOrigins: [loop.origin], maxRedirects: 3 }),
      /more than 3 redirects/,
    );
    expect(loop.hits).toHaveLength(4);
  });

  it("schemes other than http and https, and addresses with credentials", async () => {
    for (const url of [
      "file:///etc/passwd",
      "ftp://example.com/x",
      "gopher://127.0.0.1:70/",
      "data:image/png;base64,AAAA",
      "javascript:alert(1)",
    ]) {
      await expectRefused(guardedFetch(url, options), /scheme/);
    }
    await expectRefused(guardedFetch("not a url", options), /not a URL/);
    await expectRefused(guardedFetch(`http://user:pass@127.0.0.1:${listener.port}/`, options), /credentials/);
    const provider = await site(redirectTo(`file:///etc/passwd`));
    await expectRefused(
      guardedFetch(`${provider.origin}/`, { ...options, trustedOrigins: [provider.origin] }),
      /scheme file:/,
    );
    expect(listener.connections).toBe(0);
  });
});

describe("guardedFetch on a trusted (configured) origin", () => {
  it("connects to the address its resolver answered, resolving once: a name real DNS does not know reaches the server", async () => {
    const media = await site((_, res) => res.writeHead(200, { "content-type": "image/png" }).end("png-bytes"));
    let lookups = 0;
    const resolve: Resolver = async () => {
      lookups += 1;
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const origin = `http://media.fake.test:${media.port}`;
    const response = await guardedFetch(`${origin}/leaf.png`, { ...options, trustedOrigins: [origin], resolve });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("png-bytes");
    expect(media.hits[0].headers.host).toBe(`media.fake.test:${media.port}`);
    expect(lookups).toBe(1);
    // The same name, not configured: its loopback answer is refused.
    await expectRefused(guardedFetch(`${origin}/leaf.png`, { ...options, resolve }), /loopback/);
    expect(media.hits).toHaveLength(1);
  });

  it("keeps credentials on its own origin and drops them when a redirect leaves it", async () => {
    const other = await site((_, res) => res.writeHead(200).end("ok"));
    const api = await site(redirectTo(`${other.origin}/next`));
    const response = await guardedFetch(`${api.origin}/search`, {
      ...options,
      headers: { authorization: "Client-ID secret" },
      trustedOrigins: [api.origin, other.origin],
    });
    expect(response.status).toBe(200);
    expect(api.hits[0].headers.authorization).toBe("Client-ID secret");
    expect(other.hits[0].headers.authorization).toBeUndefined();
  });

  it("caps the body (declared or streamed, and after decompression) and the time", async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 97);
    const declared = await site((_, res) => res.writeHead(200, { "content-length": String(big.length) }).end(big));
    const streamed = await site((_, res) => {
      res.writeHead(200);
      res.write(big.subarray(0, 1024 * 1024));
      res.end(big.subarray(1024 * 1024));
    });
    const bomb = await site((_, res) => res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(big)));
    for (const s of [declared, streamed, bomb]) {
      await expect(guardedFetch(`${s.origin}/`, { ...options, trustedOrigins: [s.origin] })).rejects.toBeInstanceOf(
        ResponseTooLargeError,
      );
    }
    const gzipped = await site((_, res) =>
      res.writeHead(200, { "content-encoding": "gzip", "content-type": "text/plain" }).end(gzipSync("hello")),
    );
    expect(
      await (await guardedFetch(`${gzipped.origin}/`, { ...options, trustedOrigins: [gzipped.origin] })).text(),
    ).toBe("hello");

    // Silent before the headers, after them, and in the middle of a compressed body.
    const silent = await site(() => undefined);
    const stalls = await site((_, res) => res.writeHead(200, { "content-type": "image/png" }).write("partial"));
    const stallsGzipped = await site((_, res) =>
      res.writeHead(200, { "content-encoding": "gzip" }).write(gzipSync(big).subarray(0, 1000)),
    );
    for (const s of [silent, stalls, stallsGzipped]) {
      const started = Date.now();
      await expect(
        guardedFetch(`${s.origin}/`, { ...options, timeoutMs: 300, trustedOrigins: [s.origin] }),
      ).rejects.toThrow(/abort|timeout/i);
      expect(Date.now() - started).toBeLessThan(3_000);
    }
  });
});

describe("media lookups go through the guard", () => {
  let youtube: FakeMediaServer | undefined;
  afterEach(async () => {
    await youtube?.close();
    youtube = undefined;
    for (const name of ["MEDIA_WIKIMEDIA_BASE_URL", "MEDIA_YOUTUBE_WEB_BASE_URL", "MEDIA_TIMEOUT_MS"])
      delete process.env[name];
    resetSettings();
  });

  it("an image search whose provider redirects to the loopback finds nothing and never connects", async () => {
    const provider = await site(redirectTo(`http://127.0.0.1:${listener.port}/w/api.php`));
    process.env.MEDIA_WIKIMEDIA_BASE_URL = provider.origin;
    resetSettings();
    expect(await findImage("photosynthesis")).toBeNull();
    expect(provider.hits).toHaveLength(1);
    expect(listener.connections).toBe(0);
  });

  it("an image search answer naming a picture elsewhere than the provider is not taken", async () => {
    const answer = (url: string) => ({
      query: {
        pages: {
          "1": {
            index: 1,
            imageinfo: [{ url, thumburl: url, mime: "image/png", descriptionurl: "https://commons.wikimedia.org/x" }],
          },
        },
      },
    });
    let picture = "";
    const provider = await site((_, res) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer(picture))),
    );
    process.env.MEDIA_WIKIMEDIA_BASE_URL = provider.origin;
    resetSettings();
    for (const url of [
      `https://127.0.0.1:${listener.port}/x.png`,
      `https://[::1]:${listener.port}/x.png`,
      "https://attacker.example/x.png",
    ]) {
      picture = url;
      expect(await findImage("photosynthesis")).toBeNull();
    }
    picture = "https://upload.wikimedia.org/wikipedia/commons/thumb/a/a1/Leaf.jpg/1280px-Leaf.jpg";
    expect(await findImage("photosynthesis")).toMatchObject({ url: picture, source: "wikimedia" });
    picture = `${provider.origin}/images/leaf.png`;
    expect(await findImage("photosynthesis")).toMatchObject({ url: picture });
    expect(listener.connections).toBe(0);
  });

  it("a watch page that redirects to the loopback gives no transcript and no connection", async () => {
    youtube = await startFakeYouTube();
    const proxy = await site(redirectTo(`http://localhost:${listener.port}/watch`));
    process.env.MEDIA_YOUTUBE_WEB_BASE_URL = proxy.origin;
    resetSettings();
    expect(await fetchTranscript("dQw4w9WgXcQ", "en")).toEqual([]);
    expect(proxy.hits).toHaveLength(1);
    // The real fake still works through the guard.
    process.env.MEDIA_YOUTUBE_WEB_BASE_URL = youtube.url;
    resetSettings();
    expect((await fetchTranscript("dQw4w9WgXcQ", "en")).length).toBeGreaterThan(0);
    expect(listener.connections).toBe(0);
  });
});
