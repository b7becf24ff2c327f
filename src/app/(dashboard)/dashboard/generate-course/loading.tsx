import { Skeleton } from "@/components/ui/skeleton";

export default function GenerateCourseLoading() {
  return (
    <div className="mx-auto max-w-3xl space-y-6" aria-hidden>
      <Skeleton className="h-9 w-56" />
      <Skeleton className="h-4 w-80" />
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="space-y-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}
