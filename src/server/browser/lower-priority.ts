import "server-only";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { setPriority } from "node:os";

/** Process ids whose parent chain reaches `root` (Linux /proc; empty elsewhere). */
function descendantsOf(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command may hold spaces and parentheses: the fields after its closing ")" are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const under = (pid: number): boolean => {
    for (let at = parentOf.get(pid); at !== undefined && at > 1; at = parentOf.get(at)) if (at === root) return true;
    return false;
  };
  for (const pid of parentOf.keys()) if (under(pid)) found.push(pid);
  return found;
}

/**
 * PDFs and certificate pictures are batch work: on a small host, Chromium's renderers laying out
 * a course compete for the same cores as the server answering everyone else, and at equal
 * priority four exports made /api/health 9× slower at p99 (`npm run bench:export`). At niceness
 * 10 (BROWSER_NICENESS) the kernel gives the server about ten times the browser's share when both
 * want a core, and the browser still has every idle cycle.
 *
 * Lowers the browser's share of the processor below the server's, in the two ways Linux offers:
 * - its scheduling group: Playwright starts Chromium in a session of its own, which the kernel
 *   (with autogroup, the default) schedules as one group beside the server's; writing a
 *   niceness to /proc/<pid>/autogroup weighs the whole group, whatever Chromium then does with
 *   its threads' own priorities (run as root, it raises some to -8 and sets renderers to 0 or 5);
 * - each thread's own niceness, which is what counts where autogroup is off (systemd services,
 *   cgroup-managed containers) and which, not being root, Chromium cannot take back. Renderers
 *   started later are forked by its zygote and inherit it.
 * Called right after launch. Best effort: where /proc or renicing is unavailable, nothing changes.
 * Returns the browser processes found.
 */
export function lowerBrowserPriority(niceness: number, serverPid: number = process.pid): number {
  if (process.platform !== "linux" || niceness === 0) return 0;
  let found = 0;
  try {
    for (const pid of descendantsOf(serverPid)) {
      let name = "";
      try {
        name = readFileSync(`/proc/${pid}/comm`, "utf8");
      } catch {
        continue;
      }
      if (!/chrom|headless_shell/i.test(name)) continue;
      found++;
      try {
        writeFileSync(`/proc/${pid}/autogroup`, String(niceness));
      } catch {
        // No autogroup on this kernel: the threads' niceness below is what counts.
      }
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        try {
          setPriority(Number(tid), niceness);
        } catch {
          // Gone, or not ours to change.
        }
      }
    }
  } catch {
    // No /proc: the browser keeps the server's priority.
  }
  return found;
}
