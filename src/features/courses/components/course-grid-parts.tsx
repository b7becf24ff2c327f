import { BookOpenIcon } from "lucide-react";
import Link from "next/link";
import type * as React from "react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { paths } from "@/lib/paths";

// Not client components: the page renders them on the server, the grid on the client.

/** One cell of the grid, for the server's cards and the loaded ones alike. */
export function CourseGridItem({ children }: { children: React.ReactNode }) {
  return (
    <li className="flex">
      <div className="w-full">{children}</div>
    </li>
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
