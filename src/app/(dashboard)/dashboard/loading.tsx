import { Skeleton } from "@/components/ui/skeleton";
import { CourseGridSkeleton } from "@/features/courses/components/course-card-skeleton";

export default function MyCoursesLoading() {
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div className="flex items-center justify-between gap-4">
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-9 w-44" />
      </div>
      <CourseGridSkeleton count={6} />
    </div>
  );
}
