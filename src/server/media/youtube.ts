import "server-only";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { fetchJson, fetchMedia, plainText } from "./fetch";

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

export function isVideoId(value: unknown): value is string {
  return typeof value === "string" && VIDEO_ID.test(value);
}

type DataApiSearch = { items?: { id?: { videoId?: string } }[] };

async function searchWithDataApi(query: string, languageCode: string, key: string): Promise<string | null> {
  const params = new URLSearchParams({
    part: "snippet",
    q: query,
    type: "video",
    maxResults: "3",
    videoEmbeddable: "true",
    safeSearch: "strict",
    relevanceLanguage: languageCode,
    key,
  });
  const body = await fetchJson<DataApiSearch>(`${env().MEDIA_YOUTUBE_BASE_URL}/search?${params}`);
  return body.items?.map((i) => i.id?.videoId).find(isVideoId) ?? null;
}

/** Without a key: YouTube's own results page, whose first video renderer names the video. */
async function searchWithoutKey(query: string, languageCode: string): Promise<string | null> {
  const params = new URLSearchParams({ search_query: query, hl: languageCode, sp: "EgIQAQ%3D%3D" });
  const response = await fetchMedia(`${env().MEDIA_YOUTUBE_WEB_BASE_URL}/results?${params}`, {
    headers: { "accept-language": languageCode, "user-agent": "Mozilla/5.0 (compatible; Aula/1.0)" },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status} from YouTube search`);
  const html = await response.text();
  const match = html.match(/"videoRenderer"\s*:\s*\{\s*"videoId"\s*:\s*"([A-Za-z0-9_-]{11})"/);
  return match?.[1] ?? null;
}

/**
 * A video for a lesson: the YouTube Data API with YOUTUBE_API_KEY, else YouTube's results page.
 * Results lean to the course language. Null when none was found or the search failed.
 */
export async function findVideo(query: string, languageCode: string): Promise<string | null> {
  const phrase = query.trim().slice(0, 120);
  if (!phrase) return null;
  const key = env().YOUTUBE_API_KEY;
  try {
    return key ? await searchWithDataApi(phrase, languageCode, key) : await searchWithoutKey(phrase, languageCode);
  } catch (error) {
    logger.warn(
      { error: error instanceof Error ? error.message : String(error), keyless: !key },
      "video search failed",
    );
    return null;
  }
}

type CaptionTrack = { baseUrl?: string; languageCode?: string; kind?: string };

function captionTracks(html: string): CaptionTrack[] {
  const start = html.indexOf('"captionTracks":');
  if (start < 0) return [];
  const open = html.indexOf("[", start);
  let depth = 0;
  for (let i = open; i < html.length; i++) {
    if (html[i] === "[") depth++;
    else if (html[i] === "]" && --depth === 0) {
      try {
        return JSON.parse(html.slice(open, i + 1)) as CaptionTrack[];
      } catch {
        return [];
      }
    }
  }
  return [];
}

/**
 * The video's captions as text items (the SPEC's transcript "list of items with text"): the
 * caption track listed on the watch page, in the course language when there is one. YouTube
 * may refuse this for some videos; then it is an empty list and the lesson is written from
 * its title (SPEC "Video").
 */
export async function fetchTranscript(videoId: string, languageCode: string): Promise<{ text: string }[]> {
  if (!isVideoId(videoId)) return [];
  const web = env().MEDIA_YOUTUBE_WEB_BASE_URL;
  try {
    const page = await fetchMedia(`${web}/watch?${new URLSearchParams({ v: videoId, hl: languageCode })}`, {
      headers: { "accept-language": languageCode, "user-agent": "Mozilla/5.0 (compatible; Aula/1.0)" },
    });
    if (!page.ok) return [];
    const tracks = captionTracks(await page.text()).filter((t) => typeof t.baseUrl === "string");
    const track =
      tracks.find((t) => t.languageCode === languageCode) ??
      tracks.find((t) => t.languageCode?.startsWith("en")) ??
      tracks[0];
    if (!track?.baseUrl) return [];
    const trackUrl = new URL(track.baseUrl, web);
    // Only follow a caption URL on the configured YouTube host: the page is not ours.
    if (trackUrl.origin !== new URL(web).origin) return [];
    const xml = await fetchMedia(trackUrl.toString());
    if (!xml.ok) return [];
    const body = await xml.text();
    return [...body.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)]
      .map((m) => ({ text: plainText(m[1].replace(/&amp;/g, "&"), 1000) }))
      .filter((item) => item.text.length > 0)
      .slice(0, 2000);
  } catch (error) {
    logger.warn({ videoId, error: error instanceof Error ? error.message : String(error) }, "transcript fetch failed");
    return [];
  }
}
