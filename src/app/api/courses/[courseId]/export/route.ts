import { z } from "zod";
import { EXPORT_FORMATS, exportCourse } from "@/features/export/server";
import { courseLanguageByName } from "@/features/generation/languages";
import { requestLocale } from "@/i18n/api-translator";
import { cookieValue } from "@/lib/http/cookies";
import { sessionCookieName } from "@/server/auth/session-token";
import { apiRoute } from "@/server/http/api";

const querySchema = z.object({ format: z.enum(EXPORT_FORMATS).default("pdf") });

// Printing takes a browser and seconds: Node, never cached.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The caller's own course as a PDF, a Markdown zip or a SCORM 1.2 zip; another user's course is 404. */
export const GET = apiRoute.user<{ courseId: string }, undefined, typeof querySchema>(
  { query: querySchema },
  async ({ request, user, t, log, query }, { courseId }) => {
    const name = sessionCookieName();
    const file = await exportCourse(
      {
        userId: user.id,
        courseId,
        format: query.format,
        locale: requestLocale(request),
        languageCode: (language) => courseLanguageByName(language)?.code ?? "en",
        sessionCookie: { name, value: cookieValue(request, name) ?? "" },
      },
      t,
    );
    log.info({ userId: user.id, courseId, format: query.format, bytes: file.body.byteLength }, "course exported");
    return new Response(file.body as BodyInit, {
      headers: {
        "content-type": file.contentType,
        "content-disposition": file.disposition,
        "cache-control": "private, no-store",
      },
    });
  },
);
