import { coverSvg } from "@/features/generation/cover";

/** A course card's drawn cover (used when no photo was found). Public: it shows only its title. */
export function GET(request: Request): Response {
  const title =
    (new URL(request.url).searchParams.get("title") ?? "").replace(/\s+/g, " ").trim().slice(0, 120) || "Aula";
  return new Response(coverSvg(title), {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
