import "server-only";
import type { ApiTranslator } from "@/i18n/api-translator";
import type { Locale } from "@/i18n/config";
import { BrowserUnavailableError } from "@/server/browser/chromium";
import { env } from "@/server/env";
import { appError } from "@/server/http/errors";
import { logger } from "@/server/logger";
import { documentImageUrls, findExportDocument, type ExportDocument } from "./document";
import { contentDisposition } from "@/lib/download-name";
import { slug } from "./files";
import { exportLabels } from "./labels";
import { withinExportLimits } from "./limits";
import { markdownArchive } from "./markdown";
import { offlineManifest } from "./offline-manifest";
import { printCoursePdf } from "./pdf";
import { scormPackage } from "./scorm";
import { paths } from "@/lib/paths";

export const EXPORT_FORMATS = ["pdf", "md", "scorm", "offline"] as const;
type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExportFile = { body: Uint8Array; contentType: string; disposition: string };

async function requireDocument(userId: string, courseId: unknown, t: ApiTranslator): Promise<ExportDocument> {
  const doc = await findExportDocument(userId, courseId);
  if (!doc) throw appError("course:not-found", t);
  return doc;
}

type ExportInput = {
  userId: string;
  courseId: unknown;
  format: ExportFormat;
  locale: Locale;
  languageCode: (language: string) => string;
  sessionCookie: { name: string; value: string };
};

/**
 * One of the caller's courses as a file. The PDF is printed from the course's print view with the
 * caller's own session cookie (the view is owner-only); no browser → 503, and the client opens
 * the print view with the browser's print dialog instead. Files are made within the user's export
 * limits (limits.ts); the offline copy's manifest is reading, not an export, and is not limited.
 */
export async function exportCourse(input: ExportInput, t: ApiTranslator): Promise<ExportFile> {
  const format = input.format;
  if (format === "offline") return buildExport(input, t);
  return withinExportLimits(input.userId, format, t, () => buildExport(input, t));
}

async function buildExport(input: ExportInput, t: ApiTranslator): Promise<ExportFile> {
  const doc = await requireDocument(input.userId, input.courseId, t);
  const labels = exportLabels(input.locale);
  const base = slug(doc.course.mainTopic);
  if (input.format === "offline") {
    return {
      body: new TextEncoder().encode(JSON.stringify(offlineManifest(doc))),
      contentType: "application/json",
      disposition: "inline",
    };
  }
  if (input.format === "md") {
    return {
      body: markdownArchive(doc, labels),
      contentType: "application/zip",
      disposition: contentDisposition("attachment", base, "md.zip", "course"),
    };
  }
  if (input.format === "scorm") {
    return {
      body: scormPackage(doc, labels, input.languageCode(doc.course.lang)),
      contentType: "application/zip",
      disposition: contentDisposition("attachment", base, "scorm.zip", "course"),
    };
  }
  const appUrl = env().APP_URL.replace(/\/+$/, "");
  try {
    const pdf = await printCoursePdf({
      url: `${appUrl}${paths.coursePrint(doc.course.id)}`,
      // By domain and path, not URL: Chromium refuses a `__Secure-` cookie (production, also on
      // http://localhost) given with an http URL, even marked Secure.
      cookies: [input.sessionCookie, { name: "NEXT_LOCALE", value: input.locale }].map((c) => ({
        ...c,
        domain: new URL(appUrl).hostname,
        path: "/",
        secure: c.name.startsWith("__Secure-") || appUrl.startsWith("https:"),
      })),
      imageUrls: documentImageUrls(doc),
    });
    // SPEC section 9: the file name is the topic plus .pdf (made safe: the topic is the user's own text).
    return {
      body: pdf,
      contentType: "application/pdf",
      disposition: contentDisposition("attachment", doc.course.mainTopic, "pdf", "course"),
    };
  } catch (error) {
    if (BrowserUnavailableError.is(error)) throw appError("export:browser-unavailable", t);
    logger.error({ err: error, courseId: doc.course.id }, "pdf export failed");
    throw appError("export:failed", t);
  }
}
