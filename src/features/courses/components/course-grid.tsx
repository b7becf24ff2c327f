"use client";
import { BookOpenIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { CourseCard as CourseCardData } from "../service";
import { CourseCard } from "./course-card";
import { CourseCardSkeleton } from "./course-card-skeleton";
import { paths } from "@/lib/paths";

type ApiCourse = Omit<CourseCardData, "type"> & { type: string };

function fromApi(course: ApiCourse): CourseCardData {
  return { ...course, type: course.type.toLowerCase().startsWith("video") ? "video_text" : "text_image" };
}

/**
 * My Courses: the first page comes rendered from the server; the next pages load from
 * /api/courses (without the lessons' content, which cards do not show) when the end of the
 * list is within 100 px of the viewport, until a page is empty.
 */
export function CourseGrid({
  initial,
  pageSize,
  empty,
}: {
  initial: CourseCardData[];
  pageSize: number;
  empty: React.ReactNode;
}) {
  const t = useTranslations("courses");
  const router = useRouter();
  const [courses, setCourses] = useState(initial);
  const [page, setPage] = useState(1);
  const [finished, setFinished] = useState(initial.length < pageSize);
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
      setCourses((list) => {
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
  }, [loadMore, finished, failed, courses.length]);

  function onDeleted(id: string) {
    setCourses((list) => list.filter((c) => c.id !== id));
    router.refresh();
  }

  if (courses.length === 0 && finished) return <>{empty}</>;

  return (
    <div className="space-y-6">
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy={loading}>
        {courses.map((course) => (
          <li key={course.id} className="flex">
            <div className="w-full">
              <CourseCard course={course} onDeleted={onDeleted} />
            </div>
          </li>
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

export function EmptyCourses({ title, text, action }: { title: string; text: string; action: string }) {
  return (
    <section className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <BookOpenIcon className="size-7" aria-hidden />
      </span>
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="max-w-md text-muted-foreground">{text}</p>
      <Link href={paths.generateCourse()} className={cn(buttonVariants({ size: "lg" }))}>
        {action}
      </Link>
    </section>
  );
}
