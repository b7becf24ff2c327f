import { loadPostImage } from "@/features/site/server";
import { apiRoute } from "@/server/http/api";
import { appError } from "@/server/http/errors";

/**
 * A post's cover. Pages ask for it with `?v=` set to a digest of its bytes, so that exact
 * address never names other bytes and may be kept for a year; any other address is revalidated
 * with its ETag. nosniff keeps it an image whatever its bytes say.
 */
export const GET = apiRoute.public<{ id: string }>({}, async ({ request, t }, params) => {
  const image = await loadPostImage(params.id);
  if (!image) throw appError("image:not-found", t);
  const versioned = new URL(request.url).searchParams.get("v") === image.version;
  const headers = {
    "content-type": image.contentType,
    etag: image.etag,
    "cache-control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300, must-revalidate",
    "x-content-type-options": "nosniff",
    "content-disposition": "inline",
  };
  const match = request.headers.get("if-none-match");
  if (match && match.split(",").some((tag) => tag.trim() === image.etag))
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(image.bytes), {
    headers: { ...headers, "content-length": String(image.bytes.length) },
  });
});
