import "server-only";
import { inlineImageType } from "@/lib/inline-image-types";
import { env } from "@/server/env";
import { guardedFetch } from "@/server/net/guarded-fetch";

/** Largest media answer read (a YouTube watch page is about 1 MB). */
const MEDIA_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The media APIs' origins as the deployer configured them: trusted destinations (the tests and
 * the demo point them at fakes on 127.0.0.1). Everything else a media answer names is checked.
 */
function mediaProviderOrigins(): string[] {
  const e = env();
  return [
    ...imageProviderOrigins(),
    ...[e.MEDIA_YOUTUBE_BASE_URL, e.MEDIA_YOUTUBE_WEB_BASE_URL].map((u) => new URL(u).origin),
  ];
}

function imageProviderOrigins(): string[] {
  const e = env();
  return [e.MEDIA_UNSPLASH_BASE_URL, e.MEDIA_PEXELS_BASE_URL, e.MEDIA_WIKIMEDIA_BASE_URL].map((u) => new URL(u).origin);
}

/**
 * Every media call goes through the guarded fetch (src/server/net/guarded-fetch.ts) and has a
 * deadline (MEDIA_TIMEOUT_MS, 5 s by default): a slow API never blocks a lesson.
 */
export async function fetchMedia(
  url: string,
  init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
  options: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<Response> {
  return guardedFetch(url, {
    headers: init.headers,
    signal: init.signal,
    timeoutMs: options.timeoutMs ?? env().MEDIA_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? MEDIA_MAX_BYTES,
    trustedOrigins: mediaProviderOrigins(),
  });
}

export async function fetchJson<T>(url: string, init: { headers?: Record<string, string> } = {}): Promise<T> {
  const response = await fetchMedia(url, { headers: { accept: "application/json", ...init.headers } });
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${new URL(url).host}`);
  return (await response.json()) as T;
}

/**
 * Where a lesson's or a card's picture may come from: the image providers' own picture hosts, or
 * their configured origins (fakes, a mirror). A picture anyone else names is not stored, and
 * the PDF export fetches no other (the server fetches it to hand it to the printer).
 */
const PROVIDER_IMAGE_ORIGINS = [
  "https://images.unsplash.com",
  "https://images.pexels.com",
  "https://upload.wikimedia.org",
];

export function isProviderImageUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 4096) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return PROVIDER_IMAGE_ORIGINS.includes(url.origin) || imageProviderOrigins().includes(url.origin);
}

/** Media URLs we store and show: an inline image, or a picture from a media provider. Anything else is dropped. */
export function isDisplayableImageUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 200_000) return false;
  if (inlineImageType(value) && /^data:[^,]+,[A-Za-z0-9+/=]+$/.test(value)) return true;
  return isProviderImageUrl(value);
}

/** Attribution text from provider HTML (Wikimedia's Artist field): tags out, entities decoded, trimmed. */
export function plainText(html: string, max = 200): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}
