import { loadPolicies } from "@/features/site/server";
import { requestLocale } from "@/i18n/api-translator";
import { apiRoute } from "@/server/http/api";

/** The SPEC's contract: a list whose first item holds the five texts, here in the caller's UI language (falling back to the other). */
export const GET = apiRoute.public({}, async ({ request }) => {
  const texts = await loadPolicies(requestLocale(request));
  return Response.json([texts], { headers: { "cache-control": "no-store", vary: "cookie" } });
});
