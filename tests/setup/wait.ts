/**
 * Waiting for something to happen instead of sleeping for a guessed time: a fixed sleep is too
 * short on a loaded machine (a flaky test) and too long everywhere else (a slow one).
 */

/** Polls `condition` until it holds; past `timeoutMs` it fails, naming `what` it waited for. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 10_000, everyMs = 10 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
