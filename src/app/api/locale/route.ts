import { z } from "zod";
import { updateUserLocale } from "@/features/accounts/queries";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, locales } from "@/i18n/config";
import { getRequestUser } from "@/server/auth/session";
import { apiRoute } from "@/server/http/api";

const bodySchema = z.object({ locale: z.enum(locales) });

/** Sets the UI language cookie; a signed-in user's choice is also kept for their e-mails. */
export const POST = apiRoute.public({ body: bodySchema }, async ({ request, body: { locale } }) => {
  // Signed in or not: a signed-in user's choice also becomes the language of their e-mails.
  const user = await getRequestUser(request);
  if (user && user.locale !== locale) await updateUserLocale(user.id, locale);
  const response = Response.json({ success: true, locale });
  response.headers.append(
    "set-cookie",
    `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`,
  );
  return response;
});
