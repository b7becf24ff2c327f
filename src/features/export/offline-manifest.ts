import { progressPercent } from "@/features/courses/client";
import type { ExportDocument } from "./document";
import { paths } from "@/lib/paths";

/**
 * What "Download for offline" stores for a course: the viewer's page for every lesson, every
 * written lesson's content (the service worker answers the lesson stream from it when offline),
 * and the pictures. Lessons not written yet have nothing to read offline.
 */
export function offlineManifest(doc: ExportDocument) {
  const lessons = doc.topics.flatMap((topic) => topic.lessons);
  const progress = progressPercent({
    lessonCount: lessons.length,
    doneCount: lessons.filter((l) => l.done).length,
    quizPassed: doc.course.quizPassed,
  });
  const viewer = paths.course(doc.course.id);
  const written = lessons.filter((l) => l.theory.trim() !== "" || l.youtubeId);
  return {
    courseId: doc.course.id,
    progress,
    pages: [viewer, ...written.map((l) => `${viewer}?lesson=${l.id}`)],
    images: [
      ...new Set(
        written.flatMap((l) => (l.imageUrl && !l.youtubeId && /^https:/.test(l.imageUrl) ? [l.imageUrl] : [])),
      ),
    ],
    lessons: written.map((l) => ({
      id: l.id,
      courseId: doc.course.id,
      title: l.title,
      theory: l.theory,
      imageUrl: l.imageUrl,
      imageAttribution: l.imageAttribution,
      youtubeId: l.youtubeId,
      // The viewer draws the superscripts' panel and the Sources list from these offline too.
      citations: l.citations,
      done: true,
    })),
  };
}

export type OfflineManifest = ReturnType<typeof offlineManifest>;
