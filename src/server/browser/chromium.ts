import "server-only";
import { existsSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { lowerBrowserPriority } from "./lower-priority";
import { brandedError } from "@/lib/branded-error";

/**
 * One headless Chromium per server process, started on first use and kept warm, for what only
 * a browser renders right in every script: course PDFs (page.pdf) and certificate pictures
 * (page.screenshot). Found as CHROMIUM_PATH, else the system's, else the @sparticuz/chromium
 * package (which carries its own binary, for hosts with no system browser).
 */

const SYSTEM_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
];

/** Flags measured to work on a 2-core server (measured before the export was built); the sandbox needs privileges containers lack. */
const LAUNCH_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

/** Pages rendered at once: each costs ~50–100 MB and a core; more only queue. */
const MAX_PAGES = 2;
const LAUNCH_TIMEOUT_MS = 20_000;

export class BrowserUnavailableError extends brandedError("BrowserUnavailableError") {
  constructor(cause: unknown) {
    super(`No browser could be started: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

async function findExecutable(): Promise<{ path: string; args: string[] }> {
  const configured = env().CHROMIUM_PATH;
  if (configured) return { path: configured, args: LAUNCH_ARGS };
  const system = SYSTEM_PATHS.find((p) => existsSync(p));
  if (system) return { path: system, args: LAUNCH_ARGS };
  // Imported only here: it unpacks a ~60 MB binary to /tmp on first call.
  const { default: packaged } = await import("@sparticuz/chromium");
  return { path: await packaged.executablePath(), args: [...packaged.args, ...LAUNCH_ARGS] };
}

const state = globalThis as unknown as { __aulaBrowser?: Promise<Browser> };

async function launch(): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  const { path, args } = await findExecutable();
  const browser = await chromium.launch({ executablePath: path, args, headless: true, timeout: LAUNCH_TIMEOUT_MS });
  browser.on("disconnected", () => {
    state.__aulaBrowser = undefined;
  });
  const processes = lowerBrowserPriority(env().BROWSER_NICENESS);
  logger.info({ executable: path, processes }, "browser started");
  return browser;
}

/** The shared browser; a failed start is not cached, so the next call tries again. */
async function getBrowser(): Promise<Browser> {
  if (!state.__aulaBrowser) {
    state.__aulaBrowser = launch().catch((error: unknown) => {
      state.__aulaBrowser = undefined;
      throw new BrowserUnavailableError(error);
    });
  }
  return state.__aulaBrowser;
}

let busy = 0;
const waiting: Array<() => void> = [];

/**
 * A page slot, waited for until `deadline` at most: past it the waiter leaves the queue (it never
 * takes a slot) and fails with `overdue`.
 */
function acquire(deadline: number, overdue: () => Error): Promise<void> {
  if (busy < MAX_PAGES) {
    busy++;
    return Promise.resolve();
  }
  return new Promise<void>((resolve, reject) => {
    const grant = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(
      () => {
        const at = waiting.indexOf(grant);
        if (at >= 0) waiting.splice(at, 1);
        reject(overdue());
      },
      Math.max(0, deadline - Date.now()),
    );
    waiting.push(grant);
  });
}

/** Hands the slot to the next waiter, or frees it. */
function release(): void {
  const next = waiting.shift();
  if (next) next();
  else busy--;
}

export type PageOptions = {
  /** The whole job's limit, counted from the call: waiting for a page is part of it. The page is closed when it passes. */
  timeoutMs: number;
  /** Origins the page may load from (the app's own); everything else is refused, so nothing is fetched from elsewhere. */
  allowedOrigins?: string[];
  /** Cookies for the app's origin, e.g. the caller's session to print a page only its owner may see. */
  cookies?: Parameters<BrowserContext["addCookies"]>[0];
  viewport?: { width: number; height: number };
  deviceScaleFactor?: number;
};

/**
 * Runs `work` in a fresh context of the shared browser (no state shared between jobs), at most
 * MAX_PAGES at once, and always closes it. The time limit starts when this is called, not when a
 * page is free: a job queued behind slow ones fails at its deadline instead of waiting on (its
 * caller has long given up). Throws BrowserUnavailableError when no browser starts.
 */
export async function withBrowserPage<T>(work: (page: Page) => Promise<T>, options: PageOptions): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  const overdue = () => new Error(`browser job took longer than ${options.timeoutMs} ms`);
  await acquire(deadline, overdue);
  let context: BrowserContext | undefined;
  let timer: NodeJS.Timeout | undefined;
  let expired = false;
  const run = async () => {
    const browser = await getBrowser();
    const ctx = await browser.newContext({ viewport: options.viewport, deviceScaleFactor: options.deviceScaleFactor });
    // The deadline passed while the browser started: the job is over, and this context is not its to keep.
    if (expired) {
      await ctx.close().catch(() => undefined);
      throw overdue();
    }
    context = ctx;
    if (options.cookies?.length) await ctx.addCookies(options.cookies);
    const allowed = new Set(options.allowedOrigins ?? [new URL(env().APP_URL).origin]);
    await ctx.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith("data:") || allowed.has(new URL(url).origin)) return route.continue();
      return route.abort("blockedbyclient");
    });
    const page = await ctx.newPage();
    page.setDefaultTimeout(Math.max(1, deadline - Date.now()));
    return work(page);
  };
  try {
    return await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => {
            expired = true;
            reject(overdue());
            void context?.close().catch(() => undefined);
          },
          Math.max(0, deadline - Date.now()),
        );
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
    await context?.close().catch(() => undefined);
    release();
  }
}

/** Closes the shared browser (tests and shutdown). */
export async function closeBrowser(): Promise<void> {
  const pending = state.__aulaBrowser;
  state.__aulaBrowser = undefined;
  if (pending) await (await pending.catch(() => undefined))?.close();
}
