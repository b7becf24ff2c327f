import { Skeleton } from "@/components/ui/skeleton";

/** The lesson's shape while its text is on its way. */
export function LessonSkeleton() {
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 space-y-4 p-6" data-testid="lesson-skeleton">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="aspect-video w-full" />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-4 w-full" />
      ))}
      <Skeleton className="h-4 w-1/2" />
    </div>
  );
}
