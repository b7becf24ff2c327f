import { POST as signin } from "@/app/api/signin/route";
import { POST as signup } from "@/app/api/signup/route";
import { resetEnvForTests } from "@/server/env";
import { clientIp, PEER_STAMPING, rateLimitAddress, UNKNOWN_CLIENT } from "@/server/http/client-ip";
import { callRoute } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();

const savedTrustProxy = process.env.TRUST_PROXY;

/** env() caches settings for the process: change TRUST_PROXY as a restart would. */
function setTrustProxy(value: string | undefined) {
  if (value === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = value;
  resetEnvForTests();
}

afterEach(() => setTrustProxy(savedTrustProxy));

const ipOf = (headers: Record<string, string>) => clientIp(new Request("http://localhost:3000/api/x", { headers }));

describe("clientIp with TRUST_PROXY=false (the default)", () => {
  it("is the socket's address the server stamped, whatever the client wrote in X-Forwarded-For or X-Real-IP", () => {
    for (const value of [undefined, "false"]) {
      setTrustProxy(value);
      expect(ipOf({ "x-aula-peer": "203.0.113.7", "x-forwarded-for": "6.6.6.6", "x-real-ip": "6.6.6.7" })).toBe(
        "203.0.113.7",
      );
      expect(ipOf({ "x-aula-peer": "203.0.113.7" })).toBe("203.0.113.7");
    }
  });
});

describe("clientIp with TRUST_PROXY=true", () => {
  it("is the first X-Forwarded-For entry, blanks ignored", () => {
    setTrustProxy("true");
    expect(ipOf({ "x-aula-peer": "10.0.0.2", "x-forwarded-for": "198.51.100.4, 10.0.0.1, 10.0.0.2" })).toBe(
      "198.51.100.4",
    );
    expect(ipOf({ "x-aula-peer": "10.0.0.2", "x-forwarded-for": " , 198.51.100.4 , 10.0.0.2" })).toBe("198.51.100.4");
  });

  it("is the socket's address when there is no X-Forwarded-For", () => {
    setTrustProxy("true");
    expect(ipOf({ "x-aula-peer": "198.51.100.4" })).toBe("198.51.100.4");
    expect(ipOf({ "x-aula-peer": "198.51.100.4", "x-forwarded-for": " , " })).toBe("198.51.100.4");
  });
});

describe("clientIp with TRUST_PROXY=N proxies", () => {
  // The server appended the socket's address (the nearest proxy) last, as scripts/peer-headers.mjs does.
  it("is the entry the outermost proxy appended, so entries the client wrote before it do not count", () => {
    setTrustProxy("1");
    expect(ipOf({ "x-aula-peer": "10.0.0.1", "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.1" })).toBe(
      "198.51.100.4",
    );
    setTrustProxy("2");
    expect(ipOf({ "x-aula-peer": "10.0.0.1", "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.2, 10.0.0.1" })).toBe(
      "198.51.100.4",
    );
    expect(
      ipOf({ "x-aula-peer": "10.0.0.1", "x-forwarded-for": " 6.6.6.6 ,, 198.51.100.4 , 10.0.0.2 , 10.0.0.1 " }),
    ).toBe("198.51.100.4");
  });

  it("is the furthest entry when the chain is shorter than N", () => {
    setTrustProxy("3");
    expect(ipOf({ "x-aula-peer": "10.0.0.1", "x-forwarded-for": "198.51.100.4, 10.0.0.1" })).toBe("198.51.100.4");
  });
});

describe("clientIp without the server's stamp (plain next start)", () => {
  it("puts every request in one bucket and never believes a client's header, in every mode", () => {
    for (const value of ["false", "true", "1"]) {
      setTrustProxy(value);
      expect(ipOf({ "x-forwarded-for": "6.6.6.6", "x-real-ip": "6.6.6.7" })).toBe(UNKNOWN_CLIENT);
      expect(ipOf({})).toBe(UNKNOWN_CLIENT);
    }
  });
});

describe("clientIp without scripts/server.mjs (standalone output, serverless hosts)", () => {
  // As `node .next/standalone/server.js` runs: no process mark, so x-aula-peer is whatever the client sent.
  const global = globalThis as Record<symbol, unknown>;
  const mark = global[PEER_STAMPING];
  beforeEach(() => delete global[PEER_STAMPING]);
  afterEach(() => (global[PEER_STAMPING] = mark));

  it("with TRUST_PROXY=false, puts every request in one bucket, whatever x-aula-peer or X-Forwarded-For say", () => {
    for (const value of [undefined, "false"]) {
      setTrustProxy(value);
      expect(ipOf({ "x-aula-peer": "203.0.113.7", "x-forwarded-for": "203.0.113.8" })).toBe(UNKNOWN_CLIENT);
      expect(ipOf({ "x-forwarded-for": "203.0.113.8" })).toBe(UNKNOWN_CLIENT);
      expect(ipOf({})).toBe(UNKNOWN_CLIENT);
    }
  });

  it("with TRUST_PROXY=1, is the right-most X-Forwarded-For entry (the one the proxy wrote), never x-aula-peer", () => {
    setTrustProxy("1");
    // Vercel's edge writes the client's address as the whole header.
    expect(ipOf({ "x-forwarded-for": "198.51.100.4" })).toBe("198.51.100.4");
    // A proxy that appends: what the client wrote before it does not count.
    expect(ipOf({ "x-aula-peer": "6.6.6.5", "x-forwarded-for": "6.6.6.6, 198.51.100.4" })).toBe("198.51.100.4");
    expect(ipOf({ "x-forwarded-for": " 6.6.6.6 ,, 2001:db8:1:2::9 " })).toBe("2001:db8:1:2::/64");
  });

  it("with TRUST_PROXY=N, skips the N-1 proxies nearest the app; a shorter chain gives its furthest entry", () => {
    setTrustProxy("2");
    expect(ipOf({ "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.2" })).toBe("198.51.100.4");
    setTrustProxy("3");
    expect(ipOf({ "x-forwarded-for": "198.51.100.4, 10.0.0.2" })).toBe("198.51.100.4");
  });

  it("with TRUST_PROXY=true, is the first entry; no X-Forwarded-For at all is the shared bucket", () => {
    setTrustProxy("true");
    expect(ipOf({ "x-forwarded-for": "198.51.100.4, 10.0.0.1" })).toBe("198.51.100.4");
    expect(ipOf({ "x-aula-peer": "203.0.113.7" })).toBe(UNKNOWN_CLIENT);
  });

  it("gives two clients behind one trusted proxy separate sign-in limits", async () => {
    setTrustProxy("1");
    await callRoute(signup, {
      body: { email: "standalone@example.io", mName: "S", password: "right-password1" },
      peer: "198.51.100.90",
    });
    // What a proxy in front of standalone output sends: its own view of the client, no x-aula-peer.
    const client = (address: string) => ({ "x-aula-peer": "", "x-forwarded-for": `6.6.6.6, ${address}` });
    const signinAs = (address: string, password: string) =>
      callRoute(signin, { body: { email: "standalone@example.io", password }, headers: client(address) });
    for (let i = 0; i < 10; i++) expect((await signinAs("198.51.100.91", `guess-${i}-xxxx`)).status).toBe(401);
    expect((await signinAs("198.51.100.91", "right-password1")).status).toBe(429);
    expect((await signinAs("198.51.100.92", "right-password1")).status).toBe(200);
  });
});

describe("rateLimitAddress", () => {
  it("keeps IPv4 as it is and unwraps IPv4-mapped IPv6", () => {
    expect(rateLimitAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts IPv6 per /64, the block one client usually holds", () => {
    const a = rateLimitAddress("2001:db8:1:2:aaaa::1");
    expect(a).toBe("2001:db8:1:2::/64");
    expect(rateLimitAddress("2001:0DB8:0001:0002:bbbb:cccc:dddd:eeee")).toBe(a);
    expect(rateLimitAddress("2001:db8:1:3::1")).not.toBe(a);
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateLimitAddress("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("bounds what a header can make it return (rate-limit keys stay short)", () => {
    setTrustProxy("true");
    expect(ipOf({ "x-aula-peer": "10.0.0.1", "x-forwarded-for": "x".repeat(10_000) })).toHaveLength(64);
  });
});

describe("per-address limits count the socket's address, not X-Forwarded-For", () => {
  /** One client that writes a different X-Forwarded-For on every request. */
  const rotating = (peer: string, i: number) => ({
    "x-aula-peer": peer,
    "x-forwarded-for": `10.9.${i >> 8}.${i & 255}`,
  });

  it("sign-up: the 21st sign-up from one address in an hour is refused", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await callRoute(signup, {
        body: { email: `many-${i}@example.io`, mName: "M", password: "right-password1" },
        headers: rotating("198.51.100.60", i),
      });
      expect(res.status).toBe(201);
    }
    const blocked = await callRoute(signup, {
      body: { email: "many-last@example.io", mName: "M", password: "right-password1" },
      headers: rotating("198.51.100.60", 99),
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("sign-in: ten failures for one e-mail from one address, then 429 even with the right password", async () => {
    await callRoute(signup, {
      body: { email: "forge@example.io", mName: "F", password: "right-password1" },
      peer: "198.51.100.70",
    });
    for (let i = 0; i < 10; i++) {
      const res = await callRoute(signin, {
        body: { email: "forge@example.io", password: `guess-${i}-xxxx` },
        headers: rotating("198.51.100.77", i),
      });
      expect(res.status).toBe(401);
    }
    const blocked = await callRoute(signin, {
      body: { email: "forge@example.io", password: "right-password1" },
      headers: rotating("198.51.100.77", 250),
    });
    expect(blocked.status).toBe(429);
  });

  it("behind one trusted proxy, the address it names is the client: one proxy carries many clients", async () => {
    setTrustProxy("1");
    await callRoute(signup, {
      body: { email: "proxied@example.io", mName: "P", password: "right-password1" },
      peer: "198.51.100.80",
    });
    const proxy = "10.0.0.1";
    const through = (client: string) => ({ "x-aula-peer": proxy, "x-forwarded-for": `${client}, ${proxy}` });
    for (let i = 0; i < 10; i++) {
      const res = await callRoute(signin, {
        body: { email: "proxied@example.io", password: `guess-${i}-xxxx` },
        headers: through("198.51.100.81"),
      });
      expect(res.status).toBe(401);
    }
    expect(
      (
        await callRoute(signin, {
          body: { email: "proxied@example.io", password: "right-password1" },
          headers: through("198.51.100.81"),
        })
      ).status,
    ).toBe(429);
    expect(
      (
        await callRoute(signin, {
          body: { email: "proxied@example.io", password: "right-password1" },
          headers: through("198.51.100.82"),
        })
      ).status,
    ).toBe(200);
  });
});
