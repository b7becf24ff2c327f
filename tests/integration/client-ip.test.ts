import { POST as signin } from "@/app/api/signin/route";
import { POST as signup } from "@/app/api/signup/route";
import type { Env } from "@/server/env";
import { clientIp } from "@/server/http/client-ip";
import { callRoute } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();

const envCache = globalThis as unknown as { __aulaEnv?: Env };
const savedTrustProxy = process.env.TRUST_PROXY;

/** env() caches settings for the process: change TRUST_PROXY as a restart would. */
function setTrustProxy(value: "true" | "false" | undefined) {
  if (value === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = value;
  envCache.__aulaEnv = undefined;
}

afterEach(() => setTrustProxy(savedTrustProxy as "true" | "false" | undefined));

const ipOf = (headers: Record<string, string>) => clientIp(new Request("http://localhost:3000/api/x", { headers }));

describe("clientIp", () => {
  it("takes the last x-forwarded-for entry (the one our own proxy or server added) by default", () => {
    setTrustProxy(undefined);
    expect(ipOf({ "x-forwarded-for": "6.6.6.6, 10.0.0.1, 203.0.113.7" })).toBe("203.0.113.7");
    expect(ipOf({ "x-forwarded-for": "203.0.113.7" })).toBe("203.0.113.7");
    setTrustProxy("false");
    expect(ipOf({ "x-forwarded-for": "6.6.6.6,203.0.113.7" })).toBe("203.0.113.7");
  });

  it("takes the first entry with TRUST_PROXY=true", () => {
    setTrustProxy("true");
    expect(ipOf({ "x-forwarded-for": "198.51.100.4, 10.0.0.1, 10.0.0.2" })).toBe("198.51.100.4");
  });

  it("ignores blanks and spaces between entries", () => {
    setTrustProxy(undefined);
    expect(ipOf({ "x-forwarded-for": " 6.6.6.6 ,  , 203.0.113.7 , " })).toBe("203.0.113.7");
    setTrustProxy("true");
    expect(ipOf({ "x-forwarded-for": " , 198.51.100.4 , 10.0.0.1" })).toBe("198.51.100.4");
  });

  it("falls back to x-real-ip, then to 'unknown'", () => {
    expect(ipOf({ "x-real-ip": "192.0.2.5" })).toBe("192.0.2.5");
    expect(ipOf({ "x-forwarded-for": " , ", "x-real-ip": "192.0.2.5" })).toBe("192.0.2.5");
    expect(ipOf({})).toBe("unknown");
  });

  it("bounds what a client can make it return (rate-limit keys stay short)", () => {
    expect(ipOf({ "x-forwarded-for": "x".repeat(10_000) })).toHaveLength(64);
  });
});

describe("the sign-in limit with a forged x-forwarded-for", () => {
  it("still counts one address when the client prepends a different fake address each time", async () => {
    setTrustProxy(undefined);
    await callRoute(signup, { body: { email: "forge@example.io", mName: "F", password: "right-password1" } });
    for (let i = 0; i < 10; i++) {
      const res = await callRoute(signin, {
        body: { email: "forge@example.io", password: `guess-${i}-xxxx` },
        headers: { "x-forwarded-for": `10.9.8.${i}, 198.51.100.77` },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await callRoute(signin, {
      body: { email: "forge@example.io", password: "right-password1" },
      headers: { "x-forwarded-for": "10.9.8.250, 198.51.100.77" },
    });
    expect(blocked.status).toBe(429);
  });
});
