import { ImageIcon } from "lucide-react";
import { getImageProps } from "next/image";
import { cn } from "@/lib/utils";

/**
 * A post's cover at the size it is shown (next/image's optimizer resizes the stored bytes) with
 * no client script: the placeholder sits behind the picture, and a broken picture with an empty
 * alt draws nothing, so the placeholder shows through. The alt is empty because the post's title
 * is always next to it.
 */
export function PostCover({
  src,
  sizes,
  priority = false,
  className,
}: {
  src: string | null;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const image = src
    ? getImageProps({
        src,
        alt: "",
        width: 1200,
        height: 630,
        sizes,
        quality: 75,
        loading: priority ? "eager" : "lazy",
        fetchPriority: priority ? "high" : undefined,
      }).props
    : null;
  return (
    <div
      className={cn("relative aspect-[1200/630] overflow-hidden bg-gradient-to-br from-muted to-accent", className)}
      data-testid="post-cover"
    >
      <ImageIcon className="absolute inset-0 m-auto size-10 text-muted-foreground/60" aria-hidden />
      {image && (
        // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- getImageProps gives the optimized <img> props, alt included
        <img {...image} className="absolute inset-0 size-full object-cover" />
      )}
    </div>
  );
}
