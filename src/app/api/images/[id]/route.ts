import { notesImageFor } from "@/features/learning/notes";
import { apiRoute } from "@/server/http/api";

/**
 * A picture taken out of the caller's notes. Only its owner gets it. Its id never names other
 * bytes, so the browser may keep it (privately) for a year; nosniff keeps it an image.
 */
export const GET = apiRoute.user<{ id: string }>({}, async ({ user, t }, params) => {
  const image = await notesImageFor(user.id, params.id, t);
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "content-type": image.contentType,
      "content-length": String(image.bytes.length),
      "x-content-type-options": "nosniff",
      "cache-control": "private, max-age=31536000, immutable",
      "content-disposition": "inline",
    },
  });
});
