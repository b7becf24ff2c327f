import "server-only";
import { BrowserUnavailableError } from "@/server/browser/chromium";
import { AppError } from "@/server/http/errors";
import { enqueueJob, registerJobHandler, runJobSoon, waitForJob, type JobContext } from "@/server/jobs";
import { isPublicId } from "./certificate-format";
import { renderCertificatePng } from "./certificate-image";
import { findCertificatePng, storeCertificatePng } from "./queries";

/**
 * Drawing a certificate's picture is a durable job (decision 020): kind `certificate.picture`,
 * subject the certificate's public id. The page, its Open Graph preview and the mail may ask at
 * once, on any instance: they join the one active job, and one browser render serves them all.
 */
const CERTIFICATE_PICTURE = "certificate.picture";

/** A timed-out render is tried once more; a browser that cannot start fails at once. */
const PICTURE_MAX_ATTEMPTS = 2;

async function drawCertificatePicture({ job, keepLease }: JobContext): Promise<void> {
  const publicId = job.subject;
  // At least once: a picture stored already (or a certificate gone) needs no render.
  if ((await findCertificatePng(publicId)) !== null) return;
  let png: Buffer;
  try {
    png = await renderCertificatePng(publicId);
  } catch (error) {
    // Kept on the job as the API's code, so whoever waits tells it as before (503).
    if (BrowserUnavailableError.is(error)) throw new AppError("certificate:unavailable", error.message);
    throw error;
  }
  await keepLease();
  await storeCertificatePng(publicId, png);
}

/**
 * The picture, drawn on first request by its job and kept on the row; undefined for an unknown
 * id. A request finding no picture joins the active job (or starts one) and waits for it;
 * `here` runs a due job in this process (a mail job waiting for it from a worker slot).
 * Throws BrowserUnavailableError when no browser could start.
 */
export async function certificatePng(
  publicId: unknown,
  options: { here?: boolean; timeoutMs?: number } = {},
): Promise<Buffer | undefined> {
  if (!isPublicId(publicId)) return undefined;
  const stored = await findCertificatePng(publicId);
  if (stored !== null) return stored;
  const { id, created } = await enqueueJob({
    kind: CERTIFICATE_PICTURE,
    subject: publicId,
    maxAttempts: PICTURE_MAX_ATTEMPTS,
  });
  if (created && !options.here) runJobSoon(id);
  const job = await waitForJob(id, { here: options.here, timeoutMs: options.timeoutMs });
  if (job?.status === "failed") {
    const error = job.lastError ?? { code: "job:failed", message: "the picture was not drawn" };
    if (error.code === "certificate:unavailable") throw new BrowserUnavailableError(error.message);
    throw new Error(`certificate picture: ${error.message}`);
  }
  const png = await findCertificatePng(publicId);
  if (png === null) throw new Error("certificate picture: not drawn in time");
  return png;
}

export function registerCertificateJobs(): void {
  registerJobHandler(CERTIFICATE_PICTURE, drawCertificatePicture, { maxAttempts: PICTURE_MAX_ATTEMPTS });
}
