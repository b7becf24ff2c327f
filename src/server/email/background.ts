import "server-only";

/** Mails sent outside a request (tests, scripts) run detached; these are the ones still going. */
const pending = new Set<Promise<unknown>>();

export function trackBackgroundTask(task: Promise<unknown>): void {
  pending.add(task);
  void task.finally(() => pending.delete(task));
}

/** Waits until every detached mail has finished (tests call it before reading results or closing the database). */
export async function settleBackgroundMail(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
