import "server-only";
import { env } from "@/server/env";

/** Every media call has a deadline (MEDIA_TIMEOUT_MS, 5 s by default): a slow API never blocks a lesson. */
export async function fetchWithTimeout(url: string, init: RequestInit = {}, timeoutMs = env().MEDIA_TIMEOUT_MS): Promise<Response> {
  const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
  return fetch(url, { ...init, signal, redirect: "follow" });
}

export async function fetchJson<T>(url: string, init: RequestInit = {}, timeoutMs?: number): Promise<T> {
  const response = await fetchWithTimeout(url, { ...init, headers: { accept: "application/json", ...init.headers } }, timeoutMs);
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${new URL(url).host}`);
  return (await response.json()) as T;
}

/** Media URLs we store and show: https, or an inline image. Anything else is dropped. */
export function isDisplayableImageUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 200_000) return false;
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(value)) return true;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
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
