import { Skeleton } from "@/components/ui/skeleton";

/** The viewer's shape while a course loads (server navigation) — header, outline, lesson. */
export function ViewerSkeleton() {
  return (
    <div className="flex min-h-svh flex-col" aria-busy="true">
      <div className="flex h-14 items-center gap-3 border-b px-4">
        <Skeleton className="size-9 rounded-full" />
        <Skeleton className="h-5 w-48" />
      </div>
      <div className="flex flex-1">
        <div className="hidden w-72 space-y-3 border-r p-4 md:block">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
        <LessonSkeleton />
      </div>
    </div>
  );
}

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
