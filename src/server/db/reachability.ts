/**
 * Whether the app's database can be used now, for src/proxy.ts, which decides before a page
 * renders whether it gets the outage page (src/server/http/outage-page.ts). A page that fails to
 * read its data mid-render can only answer 500 (Next has no other status for a thrown error), so
 * the question is asked first. The probe itself is db/client.ts's (it knows the pool and the
 * start's gate) and reaches this module through globalThis: the proxy is bundled apart from the
 * pages and must not load the database driver. Where no probe is registered (PGlite, which runs
 * in-process and cannot be unreachable; a host that runs the proxy in another process) the
 * answer is yes, and pages behave as before.
 *
 * One probe at a time, its answer kept for a second: under load that is one `select 1` a second.
 */
type Probe = () => Promise<boolean>;
type Reach = { at: number; reachable: boolean; pending?: Promise<boolean> };

const holder = globalThis as unknown as { __aulaDbProbe?: Probe; __aulaDbReach?: Reach };

const FRESH_MS = 1_000;
/** A probe that has not answered by then counts as "no" (the API's requests answer 503 by then too). */
const PROBE_LIMIT_MS = 2_500;

export function registerDatabaseProbe(probe: Probe | undefined): void {
  holder.__aulaDbProbe = probe;
  forgetReachability();
}

/** The next question probes again: a new database was installed (tests) or closed. */
export function forgetReachability(): void {
  holder.__aulaDbReach = undefined;
}

export async function databaseReachable(): Promise<boolean> {
  const probe = holder.__aulaDbProbe;
  if (!probe) return true;
  const reach = (holder.__aulaDbReach ??= { at: 0, reachable: true });
  if (Date.now() - reach.at < FRESH_MS) return reach.reachable;
  reach.pending ??= (async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PROBE_LIMIT_MS);
    });
    try {
      reach.reachable = await Promise.race([probe().catch(() => true), late]);
    } finally {
      clearTimeout(timer);
      reach.at = Date.now();
      reach.pending = undefined;
    }
    return reach.reachable;
  })();
  return reach.pending;
}
