import "server-only";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { fetchJson, isDisplayableImageUrl, plainText } from "./fetch";

export type FoundImage = {
  url: string;
  /** Who made it and under which licence, as the source asks to credit it. */
  attribution: string;
  /** The photo's page at the source, for the credit link. */
  pageUrl?: string;
  source: "unsplash" | "pexels" | "wikimedia";
};

type UnsplashSearch = {
  results?: { urls?: { regular?: string }; links?: { html?: string }; user?: { name?: string } }[];
};

async function searchUnsplash(query: string, key: string): Promise<FoundImage | null> {
  const base = env().MEDIA_UNSPLASH_BASE_URL;
  const url = `${base}/search/photos?${new URLSearchParams({ query, per_page: "1", orientation: "landscape", content_filter: "high" })}`;
  const body = await fetchJson<UnsplashSearch>(url, {
    headers: { authorization: `Client-ID ${key}`, "accept-version": "v1" },
  });
  const hit = body.results?.[0];
  if (!hit || !isDisplayableImageUrl(hit.urls?.regular)) return null;
  return {
    url: hit.urls!.regular!,
    attribution: `${plainText(hit.user?.name ?? "Unknown")} / Unsplash`,
    pageUrl: hit.links?.html,
    source: "unsplash",
  };
}

type PexelsSearch = { photos?: { url?: string; photographer?: string; src?: { large?: string } }[] };

async function searchPexels(query: string, key: string): Promise<FoundImage | null> {
  const base = env().MEDIA_PEXELS_BASE_URL;
  const url = `${base}/v1/search?${new URLSearchParams({ query, per_page: "1", orientation: "landscape" })}`;
  const body = await fetchJson<PexelsSearch>(url, { headers: { authorization: key } });
  const hit = body.photos?.[0];
  if (!hit || !isDisplayableImageUrl(hit.src?.large)) return null;
  return {
    url: hit.src!.large!,
    attribution: `${plainText(hit.photographer ?? "Unknown")} / Pexels`,
    pageUrl: hit.url,
    source: "pexels",
  };
}

type WikimediaQuery = {
  query?: {
    pages?: Record<
      string,
      {
        index?: number;
        imageinfo?: {
          thumburl?: string;
          url?: string;
          mime?: string;
          descriptionurl?: string;
          extmetadata?: { Artist?: { value?: string }; LicenseShortName?: { value?: string } };
        }[];
      }
    >;
  };
};

async function searchWikimedia(query: string): Promise<FoundImage | null> {
  const base = env().MEDIA_WIKIMEDIA_BASE_URL;
  const params = new URLSearchParams({
    action: "query",
    format: "json",
    generator: "search",
    gsrsearch: `${query} filetype:bitmap`,
    gsrnamespace: "6",
    gsrlimit: "5",
    prop: "imageinfo",
    iiprop: "url|mime|extmetadata",
    iiurlwidth: "1280",
    origin: "*",
  });
  const body = await fetchJson<WikimediaQuery>(`${base}/w/api.php?${params}`, {
    headers: { "user-agent": "Aula/1.0 (course image search)" },
  });
  const pages = Object.values(body.query?.pages ?? {}).sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  for (const page of pages) {
    const info = page.imageinfo?.[0];
    const url = info?.thumburl ?? info?.url;
    if (!info || !isDisplayableImageUrl(url) || !/^image\//.test(info.mime ?? "image/")) continue;
    const artist = plainText(info.extmetadata?.Artist?.value ?? "") || "Unknown";
    const licence = plainText(info.extmetadata?.LicenseShortName?.value ?? "");
    return {
      url,
      attribution: `${artist}${licence ? `, ${licence}` : ""} / Wikimedia Commons`,
      pageUrl: info.descriptionurl,
      source: "wikimedia",
    };
  }
  return null;
}

/**
 * An image for a search phrase: Unsplash (with UNSPLASH_ACCESS_KEY), else Pexels (with
 * PEXELS_API_KEY), else Wikimedia Commons (no key). Each source has the media timeout; a
 * failure or an empty answer moves on to the next. Null when nothing was found: never throws.
 */
export async function findImage(query: string): Promise<FoundImage | null> {
  const settings = env();
  const phrase = query.trim().slice(0, 100);
  if (!phrase) return null;
  const sources: [string, () => Promise<FoundImage | null>][] = [];
  if (settings.UNSPLASH_ACCESS_KEY)
    sources.push(["unsplash", () => searchUnsplash(phrase, settings.UNSPLASH_ACCESS_KEY!)]);
  if (settings.PEXELS_API_KEY) sources.push(["pexels", () => searchPexels(phrase, settings.PEXELS_API_KEY!)]);
  sources.push(["wikimedia", () => searchWikimedia(phrase)]);
  for (const [name, search] of sources) {
    try {
      const found = await search();
      if (found) return found;
    } catch (error) {
      logger.warn(
        { source: name, error: error instanceof Error ? error.message : String(error) },
        "image search failed",
      );
    }
  }
  return null;
}
