/**
 * The browser and system named in a User-Agent, enough for a person to tell their sessions
 * apart ("Chrome on Linux"). Deliberately small: brands that copy another's token are checked
 * first (Edge and Opera say "Chrome", Chrome says "Safari", Android says "Linux").
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, "Windows"],
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export type Device = { browser: string | null; os: string | null };

export function deviceFromUserAgent(userAgent: string | null | undefined): Device {
  const ua = (userAgent ?? "").slice(0, 512);
  const pick = (list: [RegExp, string][]) => list.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  return { browser: pick(BROWSERS), os: pick(SYSTEMS) };
}
