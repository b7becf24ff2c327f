import { withBrowserPage } from "@/server/browser/chromium";

/**
 * Holds both of the shared browser's pages with jobs that wait until the test lets them go, so a
 * test can show what a job queued behind them does. `held` settles once both jobs have a page;
 * `release` lets them finish; `done` settles when they have (each resolving "held"), and
 * `finished()` says whether it has yet.
 */
export function holdBothBrowserPages() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started = 0;
  let bothStarted: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (bothStarted = resolve));
  let finished = false;
  const done = Promise.all(
    [1, 2].map(() =>
      withBrowserPage(
        async () => {
          if (++started === 2) bothStarted();
          await gate;
          return "held";
        },
        { timeoutMs: 20_000 },
      ),
    ),
  ).finally(() => (finished = true));
  return { held, release, done, finished: () => finished };
}
