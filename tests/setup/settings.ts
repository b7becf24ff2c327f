/**
 * The app's settings in tests. env() (src/server/env.ts) reads process.env once and caches the
 * result for the process, so a test that changes a setting must also drop that cache; these
 * helpers do both, and put back what was there.
 */
import { resetEnvForTests } from "@/server/env";

export type Settings = Record<string, string | undefined>;

/** Makes the next env() read process.env again. */
export function resetSettings(): void {
  resetEnvForTests();
}

/** Sets these settings (undefined removes one) for the rest of the process. */
export function applySettings(settings: Settings): void {
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetSettings();
}

/**
 * Sets these settings (undefined removes one) for what follows; returns the function that
 * restores their earlier values. Pass a callback instead to have them only while it runs.
 */
export function withSettings(settings: Settings): () => void;
export function withSettings<T>(settings: Settings, run: () => Promise<T>): Promise<T>;
export function withSettings<T>(settings: Settings, run?: () => Promise<T>): (() => void) | Promise<T> {
  const before: Settings = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  applySettings(settings);
  const restore = () => applySettings(before);
  if (!run) return restore;
  return run().finally(restore);
}

/** These settings for every test of the file (or describe block), restored after its last. */
export function useSettings(settings: Settings | (() => Settings)): void {
  let restore: (() => void) | undefined;
  beforeAll(() => {
    restore = withSettings(typeof settings === "function" ? settings() : settings);
  });
  afterAll(() => restore?.());
}
