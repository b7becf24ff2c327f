import "server-only";
import type { Metadata } from "next";
import { env } from "@/server/env";
import { plainText } from "@/server/media/fetch";
import type { CoursePreview } from "./service";

/**
 * Open Graph and Twitter tags for a course's public page (a share link, a catalogue entry), so a
 * posted link previews with the course's title, a sample of its first lesson and its picture.
 * `fallback` describes a course with no lesson written yet.
 */
export function coursePreviewMetadata(preview: CoursePreview, url: string, fallback: string): Metadata {
  const description = preview.sample ? plainText(preview.sample.theory, 200) : fallback;
  const photo = preview.photo;
  const image =
    photo && /^https?:\/\//.test(photo)
      ? photo
      : photo?.startsWith("/")
        ? `${env().APP_URL.replace(/\/+$/, "")}${photo}`
        : undefined;
  return {
    title: preview.mainTopic,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: "article",
      title: preview.mainTopic,
      description,
      url,
      images: image ? [{ url: image }] : undefined,
    },
    twitter: {
      card: image ? "summary_large_image" : "summary",
      title: preview.mainTopic,
      description,
      images: image ? [image] : undefined,
    },
  };
}
