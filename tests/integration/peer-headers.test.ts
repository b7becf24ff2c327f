/**
 * What scripts/server.mjs does to each request, over real sockets: the client's address is the
 * socket's unless a proxy is trusted. The last test runs the app's sign-in route behind it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { POST as signin } from "@/app/api/signin/route";
import { POST as signup } from "@/app/api/signup/route";
import { resetEnvForTests } from "@/server/env";
import { PEER_HEADER as APP_PEER_HEADER, PEER_STAMPING as APP_PEER_STAMPING } from "@/server/http/client-ip";
import { PEER_HEADER, PEER_STAMPING, stampPeerHeaders, type TrustProxy } from "../../scripts/peer-headers.mjs";
import { callRoute } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();

type Answer = { status: number; body: string };
type Stamped = { peer: string; forwarded: string };

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  delete process.env.TRUST_PROXY;
  resetEnvForTests();
});

/** A server that stamps requests as scripts/server.mjs does, then hands them to `handle`. */
async function stampingServer(
  trustProxy: TrustProxy,
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => void,
  host = "127.0.0.1",
) {
  const server = http.createServer((req, res) => {
    stampPeerHeaders(req, trustProxy);
    handle(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

const echoStamp = (req: http.IncomingMessage, res: http.ServerResponse) =>
  res.end(JSON.stringify({ peer: req.headers[PEER_HEADER], forwarded: req.headers["x-forwarded-for"] }));

function send(
  port: number,
  options: {
    headers?: Record<string, string>;
    localAddress?: string;
    host?: string;
    method?: string;
    body?: string;
  } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: options.host ?? "127.0.0.1",
        port,
        path: "/",
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.localAddress,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const stampOf = async (port: number, options: Parameters<typeof send>[1]) =>
  JSON.parse((await send(port, options)).body) as Stamped;

describe("stampPeerHeaders over a real socket", () => {
  it("is the same header the app reads", () => {
    expect(PEER_HEADER).toBe(APP_PEER_HEADER);
    // The mark scripts/server.mjs sets on its process is the one the app looks for.
    expect(PEER_STAMPING).toBe(APP_PEER_STAMPING);
  });

  it("with TRUST_PROXY=false, replaces whatever the client wrote with the socket's address", async () => {
    const port = await stampingServer(false, echoStamp);
    // 127.0.0.2 is another loopback address: the stamp follows the socket, not a constant.
    const forged = { [PEER_HEADER]: "6.6.6.6", "x-forwarded-for": "6.6.6.7, 6.6.6.8" };
    expect(await stampOf(port, { headers: forged, localAddress: "127.0.0.2" })).toEqual({
      peer: "127.0.0.2",
      forwarded: "127.0.0.2",
    });
    expect(await stampOf(port, {})).toEqual({ peer: "127.0.0.1", forwarded: "127.0.0.1" });
  });

  it("behind trusted proxies, appends the socket's address to X-Forwarded-For, as a proxy does", async () => {
    for (const trust of [true, 2] as const) {
      const port = await stampingServer(trust, echoStamp);
      const viaProxy = { [PEER_HEADER]: "6.6.6.6", "x-forwarded-for": "198.51.100.4, 10.0.0.9" };
      expect(await stampOf(port, { headers: viaProxy })).toEqual({
        peer: "127.0.0.1",
        forwarded: "198.51.100.4, 10.0.0.9, 127.0.0.1",
      });
      expect(await stampOf(port, {})).toEqual({ peer: "127.0.0.1", forwarded: "127.0.0.1" });
    }
  });

  it("gives IPv4 clients of a dual-stack server their plain IPv4 address, and IPv6 clients theirs", async () => {
    const port = await stampingServer(false, echoStamp, "::");
    expect((await stampOf(port, { host: "127.0.0.1", localAddress: "127.0.0.3" })).peer).toBe("127.0.0.3");
    expect((await stampOf(port, { host: "::1" })).peer).toBe("::1");
  });
});

describe("the sign-in route behind the stamping server", () => {
  /** Node request → the Web Request a route handler gets, as Next builds it from the same headers. */
  const toRoute = (route: typeof signin) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const request = new Request(`http://localhost${req.url}`, {
        method: req.method,
        headers,
        body: Buffer.concat(chunks),
      });
      const response = await route(request, { params: Promise.resolve({}) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(await response.text());
    });
  };

  it("counts one client that rotates X-Forwarded-For as one address (TRUST_PROXY=false)", async () => {
    process.env.TRUST_PROXY = "false";
    resetEnvForTests();
    await callRoute(signup, { body: { email: "socket@example.io", mName: "S", password: "right-password1" } });
    const port = await stampingServer(false, toRoute(signin));
    const attempt = (password: string, i: number) =>
      send(port, {
        method: "POST",
        localAddress: "127.0.0.4",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.7.0.${i}`, [PEER_HEADER]: `10.8.0.${i}` },
        body: JSON.stringify({ email: "socket@example.io", password }),
      });
    for (let i = 0; i < 10; i++) expect((await attempt(`guess-${i}-xxxx`, i)).status).toBe(401);
    expect((await attempt("right-password1", 99)).status).toBe(429);
    // Another socket address is another client.
    const fromElsewhere = await send(port, {
      method: "POST",
      localAddress: "127.0.0.5",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "socket@example.io", password: "right-password1" }),
    });
    expect(fromElsewhere.status).toBe(200);
  });
});
