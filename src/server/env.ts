import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { brandedError } from "@/lib/branded-error";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/password-rule";

/**
 * Every setting the app reads, validated once. A missing or malformed value stops the start
 * with one line naming the variable (see `loadEnv`). Nothing else reads process.env for settings.
 */
const emptyAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalUrl = (protocols: string[], hint: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      }, hint)
      .optional(),
  );

const httpUrlWithDefault = (fallback: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(fallback)
      .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), "must be an http(s) URL")
      .transform((v) => v.replace(/\/+$/, "")),
  );

const flag = z.preprocess(
  (v) => (typeof v === "string" ? emptyAsUndefined(v.trim().toLowerCase()) : v),
  z.enum(["1", "true", "0", "false"]).optional(),
);

/**
 * The PostgreSQL pool's settings, which src/server/db/pool-settings.ts also reads on their own
 * (scripts and tests open the database without env()). For transaction poolers (PgBouncer,
 * Neon's `-pooler` host, Supabase's pooler on port 6543), which refuse prepared statements.
 */
export const databasePoolSchema = z.object({
  /** `false`: no prepared statements. Unset: off when the URL names a pooler, else on. */
  DATABASE_PREPARE: flag,
  /** Connections one server process opens at most (postgres.js `max`); serverless wants 1–2. */
  DATABASE_POOL_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1000).default(10)),
});

const envSchema = z
  .object({
    ...databasePoolSchema.shape,
    /** Migrations' own connection, when DATABASE_URL is a transaction pooler (a session-level lock needs one server connection). */
    DATABASE_DIRECT_URL: optionalUrl(["postgres:", "postgresql:"], "must be a postgres:// or postgresql:// URL"),
    /** Set by Vercel on its functions; AULA_SERVERLESS=1 says the same on any other serverless host. */
    VERCEL: z.preprocess(emptyAsUndefined, z.string().optional()),
    AULA_SERVERLESS: flag,
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
    DATABASE_URL: optionalUrl(["postgres:", "postgresql:"], "must be a postgres:// or postgresql:// URL"),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default(".data")),
    /** PostgreSQL: longest a statement may run (ms) before the server cancels it; migrations are not bound by it. */
    DB_STATEMENT_TIMEOUT_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(100).max(600_000).default(5_000),
    ),
    /** Days an `email_outbox` row is kept (a purge at start and every few hundred writes deletes older ones). */
    OUTBOX_RETENTION_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(3650).default(30)),
    APP_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), "must be an http(s) URL")
        .optional(),
    ),
    AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, "must be at least 32 characters").optional()),
    ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email("must be an e-mail address").optional()),
    ADMIN_PASSWORD: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
        .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
        .optional(),
    ),
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
    /**
     * Who tells the client's address (src/server/http/client-ip.ts): `false`, the socket; `true`,
     * the first X-Forwarded-For entry; N, the entry the outermost of N proxies appended.
     * scripts/peer-headers.mjs reads it with the same rules.
     */
    TRUST_PROXY: z.preprocess(
      (v) => (typeof v === "string" ? emptyAsUndefined(v.trim()) : v),
      z
        .string()
        .default("false")
        .refine(
          (v) => /^(?:true|false|[1-9][0-9]{0,2})$/.test(v),
          "must be false, true or the number of proxies in front of the app (1, 2, …)",
        )
        .transform((v): boolean | number => (v === "true" ? true : v === "false" ? false : Number(v))),
    ),
    /** Sign-ups one client address may make per hour. */
    SIGNUPS_PER_ADDRESS_PER_HOUR: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1).max(100_000).default(20),
    ),
    /** E-mail (src/server/email): Resend when its key is set, else SMTP, else the dev outbox table. */
    RESEND_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    /** Also read by the Resend SDK itself; tests point it at tests/fakes/resend-server.mjs. */
    RESEND_BASE_URL: optionalUrl(["http:", "https:"], "must be an http(s) URL"),
    SMTP_URL: optionalUrl(["smtp:", "smtps:"], "must be an smtp:// or smtps:// URL"),
    /** The sender, e.g. `Aula <no-reply@example.com>`; unset: `Aula <no-reply@localhost>`. */
    EMAIL_FROM: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .max(320)
        .refine(
          (v) => /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(v.trim()),
          "must be an address or `Name <address>`",
        )
        .optional(),
    ),

    // The AI model (src/server/ai/config.ts is the one place that turns these into a model).
    AI_PROVIDER: z.preprocess(
      (v) => (typeof v === "string" ? emptyAsUndefined(v.trim().toLowerCase()) : v),
      z.enum(["openai", "openai-compatible", "google", "anthropic"]).optional(),
    ),
    AI_MODEL: z.preprocess(emptyAsUndefined, z.string().max(200).optional()),
    OPENAI_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    OPENAI_BASE_URL: optionalUrl(["http:", "https:"], "must be an http(s) URL"),
    OLLAMA_BASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .default("http://127.0.0.1:11434")
        .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), "must be an http(s) URL"),
    ),
    GOOGLE_GENERATIVE_AI_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    ANTHROPIC_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    /** Longest silence between two pieces of the model's output, once it has begun, before a retry. */
    AI_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(30_000)),
    /** Longest wait for the model's first piece of output in an attempt before a retry. */
    AI_FIRST_TOKEN_TIMEOUT_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(100).max(600_000).default(20_000),
    ),
    /** One whole model call, retries and backoff included (a lesson's search phrase and text share one). */
    AI_TOTAL_TIMEOUT_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(100).max(1_800_000).default(120_000),
    ),
    /** How often an AI stream (NDJSON) that has nothing to say sends a `waiting` line, so proxies keep it open. */
    AI_STREAM_KEEPALIVE_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(100).max(60_000).default(10_000),
    ),
    /** First backoff before retrying a transient model error (doubles each time, 3 retries). */
    AI_RETRY_BASE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(60_000).default(1_000)),
    /** AI calls (outline, course, lesson, media) one user may make per minute. */
    AI_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(20)),
    /** Courses a Free user may create per calendar month (UTC). */
    /** Advertised plan prices in minor units (cents) and the currency they are charged in. */
    PRICE_MONTHLY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000_000).default(4700)),
    PRICE_YEARLY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000_000).default(9700)),
    CURRENCY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[A-Za-z]{3}$/, "must be a 3-letter ISO 4217 code")
        .transform((v) => v.toUpperCase())
        .default("USD"),
    ),
    // Payments (src/features/plans/payments): a provider is on when its keys and both plan/price ids are set.
    STRIPE_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    STRIPE_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
    STRIPE_PRICE_MONTHLY: z.preprocess(emptyAsUndefined, z.string().optional()),
    STRIPE_PRICE_YEARLY: z.preprocess(emptyAsUndefined, z.string().optional()),
    STRIPE_API_BASE_URL: httpUrlWithDefault("https://api.stripe.com"),
    PAYPAL_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
    PAYPAL_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
    PAYPAL_WEBHOOK_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
    PAYPAL_PLAN_MONTHLY: z.preprocess(emptyAsUndefined, z.string().optional()),
    PAYPAL_PLAN_YEARLY: z.preprocess(emptyAsUndefined, z.string().optional()),
    PAYPAL_API_BASE_URL: httpUrlWithDefault("https://api-m.paypal.com"),
    PAYSTACK_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    PAYSTACK_PLAN_MONTHLY: z.preprocess(emptyAsUndefined, z.string().optional()),
    PAYSTACK_PLAN_YEARLY: z.preprocess(emptyAsUndefined, z.string().optional()),
    PAYSTACK_API_BASE_URL: httpUrlWithDefault("https://api.paystack.co"),
    FLUTTERWAVE_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    FLUTTERWAVE_PUBLIC_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    FLUTTERWAVE_WEBHOOK_HASH: z.preprocess(emptyAsUndefined, z.string().optional()),
    FLUTTERWAVE_PLAN_MONTHLY: z.preprocess(emptyAsUndefined, z.string().optional()),
    FLUTTERWAVE_PLAN_YEARLY: z.preprocess(emptyAsUndefined, z.string().optional()),
    FLUTTERWAVE_API_BASE_URL: httpUrlWithDefault("https://api.flutterwave.com/v3"),
    /** The inline checkout's script; its origin is the one the payment page's CSP lets in. */
    FLUTTERWAVE_CHECKOUT_URL: httpUrlWithDefault("https://checkout.flutterwave.com/v3.js"),
    RAZORPAY_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
    RAZORPAY_KEY_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
    RAZORPAY_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
    RAZORPAY_PLAN_MONTHLY: z.preprocess(emptyAsUndefined, z.string().optional()),
    RAZORPAY_PLAN_YEARLY: z.preprocess(emptyAsUndefined, z.string().optional()),
    RAZORPAY_API_BASE_URL: httpUrlWithDefault("https://api.razorpay.com/v1"),
    /** Longest wait for one call to a payment provider. */
    PAYMENT_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(60_000).default(10_000)),
    FREE_COURSES_PER_MONTH: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(100_000).default(5)),
    /** `npm run demo`: the model and media are local fakes, and the UI says so. */
    DEMO_MODE: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("false")),

    // Media search (src/server/media/). Keys unset: the next source in the chain is used.
    UNSPLASH_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    PEXELS_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    YOUTUBE_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    MEDIA_UNSPLASH_BASE_URL: httpUrlWithDefault("https://api.unsplash.com"),
    MEDIA_PEXELS_BASE_URL: httpUrlWithDefault("https://api.pexels.com"),
    MEDIA_WIKIMEDIA_BASE_URL: httpUrlWithDefault("https://commons.wikimedia.org"),
    MEDIA_YOUTUBE_BASE_URL: httpUrlWithDefault("https://www.googleapis.com/youtube/v3"),
    MEDIA_YOUTUBE_WEB_BASE_URL: httpUrlWithDefault("https://www.youtube.com"),
    /** The Chromium used to print PDFs and certificate pictures; unset: the system's, else @sparticuz/chromium. */
    CHROMIUM_PATH: z.preprocess(emptyAsUndefined, z.string().optional()),
    /** Niceness (0–19) of that Chromium, so PDFs and pictures yield the processor to requests (decision 022). */
    BROWSER_NICENESS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(19).default(10)),
    /** Longest a PDF export may take, the wait for one of the browser's pages included; past it the export fails. */
    EXPORT_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(60_000)),
    MEDIA_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(60_000).default(5_000)),

    // Quiz and certificates (src/features/quiz).
    /** The quiz counts as passed at this percentage or more. */
    QUIZ_PASS_PERCENT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(50)),
    /** Seconds after an attempt's time limit within which its submission still counts (network, clocks). */
    QUIZ_GRACE_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(3600).default(30)),

    // Spaced review (src/features/review, decision 022).
    /** New cards (never reviewed) a learner is shown a day, across all courses. */
    REVIEW_NEW_PER_DAY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(1000).default(20)),
    /** Cards a learner reviews a day at most, new ones included, across all courses. */
    REVIEW_MAX_PER_DAY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_000).default(200)),
    /** After a lesson is written, ask the model for its key points as cards (one small call per lesson). */
    REVIEW_KEY_POINTS: z.preprocess(
      emptyAsUndefined,
      z
        .enum(["true", "false"])
        .default("true")
        .transform((v) => v === "true"),
    ),

    // The learner's own material (src/features/sources, decision 023).
    /** Largest upload or fetched web page, in bytes; enforced while the body is read. */
    SOURCE_MAX_BYTES: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1024).max(1_000_000_000).default(25_000_000),
    ),
    /** Largest total a DOCX or PPTX may inflate to (zip bombs): refused from the declared sizes, and enforced while inflating. */
    SOURCE_MAX_INFLATED_BYTES: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1024).max(4_000_000_000).default(200_000_000),
    ),
    /** Free plan: sources a learner may keep, and pages each. */
    FREE_SOURCES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10_000).default(1)),
    FREE_SOURCE_PAGES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1_000_000).default(30)),
    /** Paid plans: sources per course, and pages per course (all its sources together). */
    PAID_SOURCES_PER_COURSE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_000).default(20)),
    PAID_SOURCE_PAGES_PER_COURSE: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1).max(1_000_000).default(500),
    ),
    /**
     * Origins (`https://wiki.example.org`, comma-separated) of internal sites learners may give as
     * material: the one exception to refusing private addresses. Redirects elsewhere are checked.
     */
    SOURCE_TRUSTED_ORIGINS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .optional()
        .transform((v, ctx) => {
          const origins = (v ?? "")
            .split(",")
            .map((o) => o.trim())
            .filter(Boolean);
          for (const origin of origins)
            if (
              !URL.canParse(origin) ||
              !/^https?:$/.test(new URL(origin).protocol) ||
              new URL(origin).origin !== origin
            ) {
              ctx.addIssue({ code: "custom", message: `"${origin}" is not an origin like https://wiki.example.org` });
              return z.NEVER;
            }
          return origins;
        }),
    ),
    /**
     * An embedding model of the AI provider (e.g. text-embedding-3-small): the material's chunks
     * are also ranked by meaning. Unset, or with Anthropic (which has none): words only.
     */
    EMBEDDING_MODEL: z.preprocess(emptyAsUndefined, z.string().max(200).optional()),
    /** Deadline of fetching a web address given as a source. */
    SOURCE_FETCH_TIMEOUT_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(100).max(120_000).default(15_000),
    ),
    /** Deadline of reading one source (or checking one upload) in its worker thread; past it, it fails (decision 029). */
    SOURCE_READ_TIMEOUT_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
    ),
    /** Heap limit of the worker thread that reads one source, in MB; past it, the source fails (decision 029). */
    SOURCE_READ_MEMORY_MB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(64).max(16_384).default(512)),
    /** Material one user may add an hour (files, addresses and pasted text; refused and failed ones count). */
    SOURCES_UPLOADS_PER_HOUR: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(20)),

    /**
     * Paged list reads (a learner's courses, the admin's tables) one process runs at once; the rest
     * wait in memory, so a burst of them never fills the database's queue ahead of everyone else.
     */
    LIST_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1000).default(2)),

    // Durable jobs (src/server/jobs, decision 020).
    /** worker: a loop in this process runs jobs; inline: each request runs the job it enqueued (serverless). Unset: inline on Vercel, else worker. */
    JOBS_MODE: z.preprocess(emptyAsUndefined, z.enum(["worker", "inline"]).optional()),
    /** Jobs one process runs at once. */
    JOBS_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(64).default(2)),
    /** How often the worker looks for due jobs (it is also woken at once by a job enqueued in its process). */
    JOBS_POLL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(600_000).default(2_000)),
    /** A running job's lease: renewed every third of it; a worker silent for this long is taken over. */
    JOBS_LEASE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(3_600_000).default(60_000)),
    /** First wait before a job that failed for a passing reason runs again; doubled each attempt, with jitter. */
    JOBS_RETRY_BASE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(3_600_000).default(5_000)),
    /** The longest one attempt of a job may run before it is stopped (a kind may set less); a hanging handler then fails or retries. */
    JOBS_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(86_400_000).default(900_000)),
    /**
     * Serverless (JOBS_MODE=inline): how long after its own job a request goes on starting the next
     * due jobs in its `after()`; keep it plus the longest job under the host's function time limit.
     */
    JOBS_INLINE_CHAIN_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(0).max(3_600_000).default(120_000),
    ),
    /** Days a finished (succeeded or cancelled) job is kept before the worker deletes it. */
    JOBS_RETENTION_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(3650).default(7)),
    /** The secret GET /api/cron/jobs wants as `Authorization: Bearer …`; unset, the route answers 404. */
    CRON_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16, "must be at least 16 characters").optional()),

    /** Public site: where contact-form messages are also mailed (they are always stored for the admin panel). */
    CONTACT_NOTIFY_EMAIL: z.preprocess(emptyAsUndefined, z.email("must be an e-mail address").optional()),
    /** Public site: contact messages one client address may send per hour. */
    CONTACT_PER_ADDRESS_PER_HOUR: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1).max(100_000).default(5),
    ),
  })
  // A serverless function's disk is ephemeral and per instance: PGlite there would lose every write.
  .refine((e) => !(isServerless(e) && !e.DATABASE_URL), {
    path: ["DATABASE_URL"],
    message:
      "must be set on a serverless host (VERCEL or AULA_SERVERLESS is set): the embedded PGlite would keep its data on a disk that does not last; see docs/deploy.md",
  })
  .refine((e) => !(e.ADMIN_PASSWORD && !e.ADMIN_EMAIL), {
    path: ["ADMIN_EMAIL"],
    message: "must be set when ADMIN_PASSWORD is set",
  })
  // Unset, the public URL is this server on its own port.
  .transform((e) => ({
    ...e,
    APP_URL: e.APP_URL ?? `http://localhost:${e.PORT}`,
    // A serverless host (VERCEL or AULA_SERVERLESS) has no long-lived process for a worker loop.
    JOBS_MODE: e.JOBS_MODE ?? (isServerless(e) ? ("inline" as const) : ("worker" as const)),
  }));

export type Env = z.infer<typeof envSchema> & { AUTH_SECRET: string };

/** Running as a serverless function: no lasting disk, no long-lived process. */
function isServerless(e: { VERCEL?: string; AULA_SERVERLESS?: string }): boolean {
  const on = (v?: string) => v === "1" || v === "true";
  return on(e.VERCEL) || on(e.AULA_SERVERLESS);
}

export class EnvError extends brandedError("EnvError") {}

/** Parses a settings object; throws EnvError with one line naming the first bad variable. */
export function parseEnv(
  source: Record<string, string | undefined>,
): Omit<Env, "AUTH_SECRET"> & { AUTH_SECRET?: string } {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new EnvError(`Invalid setting ${String(issue.path[0])}: ${issue.message}`);
  }
  return result.data;
}

/**
 * AUTH_SECRET unset: generate one and keep it in DATA_DIR, so local sessions survive restarts.
 * Deployments with several instances must set AUTH_SECRET themselves (docs/configuration.md).
 */
function localAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const cache = globalThis as unknown as { __aulaEnv?: Env };

/** Tests that change process.env settings call this so the next env() reads them again. */
export function resetEnvForTests(): void {
  cache.__aulaEnv = undefined;
}

export function env(): Env {
  if (!cache.__aulaEnv) {
    const parsed = parseEnv(process.env);
    // Serverless: no disk to keep it on (and nothing reads it since decision 018).
    const secret =
      parsed.AUTH_SECRET ??
      (isServerless(parsed) ? randomBytes(32).toString("base64url") : localAuthSecret(parsed.DATA_DIR));
    cache.__aulaEnv = { ...parsed, AUTH_SECRET: secret };
  }
  return cache.__aulaEnv;
}

/** Session cookies are Secure in production; browsers accept Secure cookies from http://localhost too. */
export function secureCookiesEnabled(e: Env = env()): boolean {
  if (e.NODE_ENV !== "production") return false;
  const url = new URL(e.APP_URL);
  return url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}
