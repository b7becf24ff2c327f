import { contentImage } from "@/features/admin/server";
import { apiRoute } from "@/server/http/api";

/**
 * A picture pasted into a policy or blog post: public, as the pages that show it. Its id never
 * names other bytes, so it may be cached for a year; nosniff keeps it an image.
 */
export const GET = apiRoute.public<{ id: string }>({}, async ({ t }, params) => {
  const image = await contentImage(params.id, t);
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "content-type": image.contentType,
      "content-length": String(image.bytes.length),
      "x-content-type-options": "nosniff",
      "cache-control": "public, max-age=31536000, immutable",
      "content-disposition": "inline",
    },
  });
});
