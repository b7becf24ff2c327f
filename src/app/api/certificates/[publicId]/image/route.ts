import { BrowserUnavailableError, certificatePng } from "@/features/quiz/server";
import { contentDisposition } from "@/lib/download-name";
import { apiRoute } from "@/server/http/api";
import { appError } from "@/server/http/errors";

/**
 * The certificate's picture, public: its id is unguessable and it never changes, so anyone may
 * keep it for a year. Rendered once by the browser, then served from the row.
 */
export const GET = apiRoute.public<{ publicId: string }>({}, async ({ t }, params) => {
  let png: Buffer | undefined;
  try {
    png = await certificatePng(params.publicId);
  } catch (error) {
    if (BrowserUnavailableError.is(error)) throw appError("certificate:unavailable", t);
    throw error;
  }
  if (!png) throw appError("certificate:not-found", t);
  return new Response(new Uint8Array(png), {
    headers: {
      "content-type": "image/png",
      "content-length": String(png.length),
      "x-content-type-options": "nosniff",
      "cache-control": "public, max-age=31536000, immutable",
      "content-disposition": contentDisposition("inline", `certificate-${params.publicId}`, "png", "certificate"),
    },
  });
});
