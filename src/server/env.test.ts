import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseTrustProxy } from "../../scripts/peer-headers.mjs";
import { env, EnvError, parseEnv, secureCookiesEnabled, type Env } from "./env";

const SECRET = "s".repeat(40);

/** The error parseEnv throws for a settings object (fails the test when it does not throw). */
function envError(source: Record<string, string>): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    if (EnvError.is(error)) return error;
    throw error;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe("parseEnv", () => {
  it("accepts an empty environment with the documented defaults", () => {
    expect(parseEnv({})).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATA_DIR: ".data",
      APP_URL: "http://localhost:3000",
      LOG_LEVEL: "info",
      TRUST_PROXY: false,
      SIGNUPS_PER_ADDRESS_PER_HOUR: 20,
    });
    const parsed = parseEnv({});
    expect(parsed.DATABASE_URL).toBeUndefined();
    expect(parsed.AUTH_SECRET).toBeUndefined();
    expect(parsed.ADMIN_EMAIL).toBeUndefined();
  });

  it("treats blank values as unset (an .env line like `PORT=`)", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "  ", APP_URL: "", DATA_DIR: "" })).toMatchObject({
      PORT: 3000,
      DATABASE_URL: undefined,
      APP_URL: "http://localhost:3000",
      DATA_DIR: ".data",
    });
  });

  it("points APP_URL at this server's own port when it is unset", () => {
    expect(parseEnv({ PORT: "4000" }).APP_URL).toBe("http://localhost:4000");
    expect(parseEnv({ PORT: "4000", APP_URL: "https://aula.example.com" }).APP_URL).toBe("https://aula.example.com");
  });

  it("bounds every model call by default: 20 s for a first token, 30 s of silence after, 120 s in all, a keep-alive every 10 s", () => {
    expect(parseEnv({})).toMatchObject({
      AI_FIRST_TOKEN_TIMEOUT_MS: 20_000,
      AI_TIMEOUT_MS: 30_000,
      AI_TOTAL_TIMEOUT_MS: 120_000,
      AI_STREAM_KEEPALIVE_MS: 10_000,
    });
    expect(
      parseEnv({ AI_FIRST_TOKEN_TIMEOUT_MS: "4000", AI_TOTAL_TIMEOUT_MS: "15000", AI_STREAM_KEEPALIVE_MS: "500" }),
    ).toMatchObject({
      AI_FIRST_TOKEN_TIMEOUT_MS: 4_000,
      AI_TOTAL_TIMEOUT_MS: 15_000,
      AI_STREAM_KEEPALIVE_MS: 500,
    });
    expect(envError({ AI_TOTAL_TIMEOUT_MS: "soon" }).message).toMatch(/^Invalid setting AI_TOTAL_TIMEOUT_MS: /);
    expect(envError({ AI_FIRST_TOKEN_TIMEOUT_MS: "0" }).message).toMatch(
      /^Invalid setting AI_FIRST_TOKEN_TIMEOUT_MS: /,
    );
  });

  it("accepts a full, valid configuration", () => {
    expect(
      parseEnv({
        NODE_ENV: "production",
        PORT: "8080",
        DATABASE_URL: "postgresql://aula:pw@db.internal:5432/aula",
        DATA_DIR: "/var/lib/aula",
        APP_URL: "https://aula.example.com",
        AUTH_SECRET: SECRET,
        ADMIN_EMAIL: "owner@example.com",
        ADMIN_PASSWORD: "a-good-password",
        LOG_LEVEL: "warn",
        TRUST_PROXY: "true",
        SIGNUPS_PER_ADDRESS_PER_HOUR: "500",
      }),
    ).toMatchObject({
      NODE_ENV: "production",
      PORT: 8080,
      DATABASE_URL: "postgresql://aula:pw@db.internal:5432/aula",
      DATA_DIR: "/var/lib/aula",
      APP_URL: "https://aula.example.com",
      AUTH_SECRET: SECRET,
      ADMIN_EMAIL: "owner@example.com",
      ADMIN_PASSWORD: "a-good-password",
      LOG_LEVEL: "warn",
      TRUST_PROXY: true,
      SIGNUPS_PER_ADDRESS_PER_HOUR: 500,
    });
  });

  it.each([
    ["DATABASE_URL", { DATABASE_URL: "mysql://root@localhost/aula" }],
    ["DATABASE_URL", { DATABASE_URL: "not a url" }],
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "0" }],
    ["PORT", { PORT: "65536" }],
    ["PORT", { PORT: "30.5" }],
    ["APP_URL", { APP_URL: "localhost:3000" }],
    ["APP_URL", { APP_URL: "ftp://aula.example.com" }],
    ["ADMIN_EMAIL", { ADMIN_EMAIL: "not-an-email" }],
    ["AUTH_SECRET", { AUTH_SECRET: "too-short-secret" }],
    ["ADMIN_PASSWORD", { ADMIN_EMAIL: "a@b.io", ADMIN_PASSWORD: "short" }],
    ["ADMIN_EMAIL", { ADMIN_PASSWORD: "a-good-password" }],
    ["LOG_LEVEL", { LOG_LEVEL: "loud" }],
    ["TRUST_PROXY", { TRUST_PROXY: "yes" }],
    ["TRUST_PROXY", { TRUST_PROXY: "0" }],
    ["TRUST_PROXY", { TRUST_PROXY: "-1" }],
    ["TRUST_PROXY", { TRUST_PROXY: "1.5" }],
    ["TRUST_PROXY", { TRUST_PROXY: "10.0.0.0/8" }],
    ["SIGNUPS_PER_ADDRESS_PER_HOUR", { SIGNUPS_PER_ADDRESS_PER_HOUR: "0" }],
    ["NODE_ENV", { NODE_ENV: "staging" }],
  ])("refuses a bad %s with one line naming it (%j)", (variable, source) => {
    const error = envError(source);
    expect(error.message).toMatch(new RegExp(`^Invalid setting ${variable}: \\S`));
    expect(error.message).not.toMatch(/[\r\n]/);
  });

  it("reads TRUST_PROXY as false, true or a number of proxies, as the server script does", () => {
    for (const [text, value] of [
      ["false", false],
      ["true", true],
      ["1", 1],
      [" 2 ", 2],
      ["", false],
    ] as const) {
      expect(parseEnv({ TRUST_PROXY: text }).TRUST_PROXY).toBe(value);
      expect(parseTrustProxy(text)).toBe(value);
    }
    for (const bad of ["yes", "0", "1.5", "TRUE"]) {
      expect(() => parseTrustProxy(bad)).toThrow(/^Invalid setting TRUST_PROXY: /);
      expect(envError({ TRUST_PROXY: bad }).message).toMatch(/^Invalid setting TRUST_PROXY: /);
    }
  });

  it("explains ADMIN_PASSWORD without ADMIN_EMAIL in the message", () => {
    expect(envError({ ADMIN_PASSWORD: "a-good-password" }).message).toBe(
      "Invalid setting ADMIN_EMAIL: must be set when ADMIN_PASSWORD is set",
    );
  });

  it("never echoes a secret value into the error line", () => {
    expect(envError({ AUTH_SECRET: "hunter2-secret" }).message).not.toContain("hunter2");
    expect(envError({ DATABASE_URL: "mysql://root:hunter2@db/aula" }).message).not.toContain("hunter2");
    expect(envError({ ADMIN_EMAIL: "a@b.io", ADMIN_PASSWORD: "hunter2" }).message).not.toContain("hunter2");
  });

  it("reads the database statement timeout and the outbox retention, with their defaults", () => {
    expect(parseEnv({})).toMatchObject({ DB_STATEMENT_TIMEOUT_MS: 5000, OUTBOX_RETENTION_DAYS: 30 });
    expect(parseEnv({ DB_STATEMENT_TIMEOUT_MS: "2500", OUTBOX_RETENTION_DAYS: "7" })).toMatchObject({
      DB_STATEMENT_TIMEOUT_MS: 2500,
      OUTBOX_RETENTION_DAYS: 7,
    });
    expect(envError({ DB_STATEMENT_TIMEOUT_MS: "10" }).message).toMatch(/^Invalid setting DB_STATEMENT_TIMEOUT_MS/);
    expect(envError({ OUTBOX_RETENTION_DAYS: "0" }).message).toMatch(/^Invalid setting OUTBOX_RETENTION_DAYS/);
  });

  it("refuses to start on a serverless host without DATABASE_URL, in one line naming it", () => {
    const serverless: Record<string, string>[] = [
      { VERCEL: "1" },
      { AULA_SERVERLESS: "1" },
      { AULA_SERVERLESS: "true" },
    ];
    for (const flags of serverless) {
      const message = envError(flags).message;
      expect(message).toMatch(/^Invalid setting DATABASE_URL: must be set on a serverless host/);
      expect(message).not.toContain("\n");
      expect(parseEnv({ ...flags, DATABASE_URL: "postgres://db.example.com/aula" }).DATABASE_URL).toBeDefined();
    }
    // Elsewhere PGlite is the default, and AULA_SERVERLESS=0 says so.
    expect(parseEnv({ AULA_SERVERLESS: "0" }).DATABASE_URL).toBeUndefined();
    expect(envError({ AULA_SERVERLESS: "yes" }).message).toMatch(/^Invalid setting AULA_SERVERLESS/);
  });

  it("reads the pool settings and the migrations' direct URL", () => {
    const defaults = parseEnv({});
    expect(defaults.DATABASE_POOL_MAX).toBe(10);
    expect(defaults.DATABASE_PREPARE).toBeUndefined();
    expect(defaults.DATABASE_DIRECT_URL).toBeUndefined();
    expect(
      parseEnv({ DATABASE_POOL_MAX: "2", DATABASE_PREPARE: "false", DATABASE_DIRECT_URL: "postgres://direct/aula" }),
    ).toMatchObject({ DATABASE_POOL_MAX: 2, DATABASE_PREPARE: "false", DATABASE_DIRECT_URL: "postgres://direct/aula" });
    expect(envError({ DATABASE_POOL_MAX: "0" }).message).toMatch(/^Invalid setting DATABASE_POOL_MAX/);
    expect(envError({ DATABASE_DIRECT_URL: "mysql://x" }).message).toMatch(/^Invalid setting DATABASE_DIRECT_URL/);
  });
});

describe("secureCookiesEnabled", () => {
  const settings = (source: Record<string, string>): Env => ({ ...parseEnv(source), AUTH_SECRET: SECRET });

  it("is off in development and test, even for https", () => {
    expect(secureCookiesEnabled(settings({ NODE_ENV: "development", APP_URL: "https://aula.example.com" }))).toBe(
      false,
    );
    expect(secureCookiesEnabled(settings({ NODE_ENV: "test", APP_URL: "https://aula.example.com" }))).toBe(false);
  });

  it("is on in production for https and for localhost (browsers accept Secure cookies there)", () => {
    expect(secureCookiesEnabled(settings({ NODE_ENV: "production", APP_URL: "https://aula.example.com" }))).toBe(true);
    expect(secureCookiesEnabled(settings({ NODE_ENV: "production", APP_URL: "http://localhost:3000" }))).toBe(true);
    expect(secureCookiesEnabled(settings({ NODE_ENV: "production", APP_URL: "http://127.0.0.1:3000" }))).toBe(true);
  });

  it("is off in production over plain http to another host (the browser would drop the cookie)", () => {
    expect(secureCookiesEnabled(settings({ NODE_ENV: "production", APP_URL: "http://aula.lan:3000" }))).toBe(false);
  });
});

describe("env()", () => {
  const cache = globalThis as unknown as { __aulaEnv?: Env };
  const saved = {
    AUTH_SECRET: process.env.AUTH_SECRET,
    DATA_DIR: process.env.DATA_DIR,
    AULA_SERVERLESS: process.env.AULA_SERVERLESS,
    DATABASE_URL: process.env.DATABASE_URL,
  };
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "aula-env-"));
    delete process.env.AUTH_SECRET;
    process.env.DATA_DIR = dataDir;
    cache.__aulaEnv = undefined;
  });

  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    cache.__aulaEnv = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("without AUTH_SECRET keeps a generated one in DATA_DIR, so sessions survive a restart", () => {
    const first = env().AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim()).toBe(first);

    cache.__aulaEnv = undefined; // a restart
    expect(env().AUTH_SECRET).toBe(first);
  });

  it("uses AUTH_SECRET when it is set", () => {
    process.env.AUTH_SECRET = SECRET;
    expect(env().AUTH_SECRET).toBe(SECRET);
  });

  it("on a serverless host writes nothing to disk for AUTH_SECRET (there is none that lasts)", () => {
    process.env.AULA_SERVERLESS = "1";
    process.env.DATABASE_URL = "postgres://db.example.com/aula";
    expect(env().AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(() => readFileSync(path.join(dataDir, "auth-secret"))).toThrow(/ENOENT/);
  });
});
