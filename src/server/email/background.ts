import "server-only";
import { settleJobs } from "@/server/jobs";
import { MAIL_SEND } from "./mail-kind";

/** Work started outside a request (tests, scripts: mails being queued, purges) runs detached; these are still going. */
const pending = new Set<Promise<unknown>>();
let queuedMail = false;

export function trackBackgroundTask(task: Promise<unknown>, options: { mail?: boolean } = {}): void {
  if (options.mail) queuedMail = true;
  pending.add(task);
  void task.finally(() => pending.delete(task));
}

/**
 * Waits until every detached mail is queued and its `mail.send` job has ended, running due
 * ones (retries, jobs whose worker died) meanwhile, since tests and scripts have no worker
 * loop. Tests call it before reading results or closing the database.
 */
export async function settleBackgroundMail(timeoutMs?: number): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
  // Only after mail was queued since the last settle: otherwise there is no mail job to wait
  // for, and maybe no database left to ask (a test file's last hooks).
  if (!queuedMail) return;
  await settleJobs([MAIL_SEND], timeoutMs);
  queuedMail = false;
}
