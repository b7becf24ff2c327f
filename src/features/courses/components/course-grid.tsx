"use client";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { CourseCard as CourseCardData } from "../service";
import { CourseCard, courseCardTexts } from "./course-card";
import { CourseCardActions } from "./course-card-actions";
import { CourseCardWriting } from "./course-card-writing";
import { CourseCardSkeleton } from "./course-card-skeleton";
import { CourseGridItem } from "./course-grid-parts";

type ApiCourse = Omit<CourseCardData, "type"> & { type: string };

function fromApi(course: ApiCourse): CourseCardData {
  return { ...course, type: course.type.toLowerCase().startsWith("video") ? "video_text" : "text_image" };
}

/**
 * My Courses: the first page's cards come rendered from the server as `children` (server
 * components: only their menus hydrate); the next pages load from /api/courses (without the
 * lessons' content, which cards do not show) when the end of the list is within 100 px of the
 * viewport, until a page is empty, and render here. `firstPageIds` are the server's cards, which
 * a refresh after a deletion may change: a course already loaded here is not shown twice.
 */
export function CourseGrid({
  firstPageIds,
  pageSize,
  children,
}: {
  firstPageIds: string[];
  pageSize: number;
  children: React.ReactNode;
}) {
  const t = useTranslations("courses");
  const [loaded, setLoaded] = useState<CourseCardData[]>([]);
  const [page, setPage] = useState(1);
  const [finished, setFinished] = useState(firstPageIds.length < pageSize);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);

  const loadMore = useCallback(async () => {
    if (busy.current || finished) return;
    busy.current = true;
    setLoading(true);
    setFailed(false);
    try {
      const response = await fetch(`/api/courses?page=${page + 1}&limit=${pageSize}&content=false`, {
        cache: "no-store",
      });
      if (!response.ok) throw new Error(String(response.status));
      const next = ((await response.json()) as ApiCourse[]).map(fromApi);
      setLoaded((list) => {
        const known = new Set(list.map((c) => c.id));
        return [...list, ...next.filter((c) => !known.has(c.id))];
      });
      setPage((p) => p + 1);
      if (next.length === 0 || next.length < pageSize) setFinished(true);
    } catch {
      setFailed(true);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [finished, page, pageSize]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || finished || failed) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadMore(), {
      rootMargin: "0px 0px 100px 0px",
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [loadMore, finished, failed, loaded.length]);

  const onFirstPage = new Set(firstPageIds);
  const courses = loaded.filter((course) => !onFirstPage.has(course.id));
  const onDeleted = (id: string) => setLoaded((list) => list.filter((c) => c.id !== id));

  return (
    <div className="space-y-6">
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy={loading}>
        {children}
        {courses.map((course) => (
          <CourseGridItem key={course.id}>
            <CourseCard
              course={course}
              texts={courseCardTexts(t, course)}
              actions={<CourseCardActions courseId={course.id} topic={course.mainTopic} onDeleted={onDeleted} />}
              writing={<CourseCardWriting courseId={course.id} />}
            />
          </CourseGridItem>
        ))}
        {loading &&
          Array.from({ length: 3 }, (_, i) => (
            <li key={`skeleton-${i}`}>
              <CourseCardSkeleton />
            </li>
          ))}
      </ul>
      {loading && (
        <p role="status" className="sr-only">
          {t("loadingMore")}
        </p>
      )}
      {failed && (
        <div role="alert" className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
          {t("loadFailed")}
          <Button variant="outline" size="sm" onClick={() => void loadMore()}>
            {t("retry")}
          </Button>
        </div>
      )}
      {!finished && <div ref={sentinel} aria-hidden className="h-px" />}
    </div>
  );
}
