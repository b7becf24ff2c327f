import { getTranslations } from "next-intl/server";
import { Skeleton } from "@/components/ui/skeleton";

/** The SPEC's skeletons while the list loads: 6 article cards and 3 popular items. */
export default async function BlogLoading() {
  const t = await getTranslations("blog");
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16" role="status" aria-label={t("loading")}>
      <Skeleton className="h-10 w-40" />
      <Skeleton className="mt-10 h-72 w-full rounded-2xl" />
      <div className="mt-14 grid gap-10 lg:grid-cols-[1fr_18rem]">
        <ul className="grid gap-6 sm:grid-cols-2" data-testid="article-skeletons">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <Skeleton className="aspect-[1200/630] w-full rounded-2xl" />
              <Skeleton className="mt-3 h-5 w-3/4" />
              <Skeleton className="mt-2 h-4 w-full" />
            </li>
          ))}
        </ul>
        <ul className="space-y-4" data-testid="popular-skeletons">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="flex gap-3">
              <Skeleton className="h-14 w-24 rounded-lg" />
              <Skeleton className="h-4 flex-1" />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
