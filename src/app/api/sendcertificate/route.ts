import { sendCertificateBodySchema } from "@/features/quiz/schemas";
import { resendCertificate } from "@/features/quiz/server";
import { apiRoute } from "@/server/http/api";

/** Mails the caller's certificate to the caller; no address or HTML is taken from the body (no relay). */
export const POST = apiRoute.user({ body: sendCertificateBodySchema }, async ({ user, body, t }) => {
  await resendCertificate(user, body.courseId, t);
  return Response.json({ success: true });
});
