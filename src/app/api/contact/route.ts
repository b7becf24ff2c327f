import { contactBodySchema, submitContactMessage } from "@/features/site/server";
import { apiRoute } from "@/server/http/api";
import { clientIp } from "@/server/http/client-ip";

export const POST = apiRoute.public({ body: contactBodySchema }, async ({ request, t, body }) => {
  await submitContactMessage(body, clientIp(request), t);
  return Response.json({ success: true, message: t("contact.sent") });
});
