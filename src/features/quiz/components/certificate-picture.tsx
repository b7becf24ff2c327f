"use client";

import * as React from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/**
 * The certificate's picture in its frame. The first request draws it in the server's browser,
 * which takes a few seconds: until it arrives the frame holds a skeleton of the card's size and a
 * status line a screen reader announces, instead of an empty box; a picture that fails says so.
 */
export function CertificatePicture(props: {
  src: string;
  alt: string;
  labels: { drawing: string; failed: string };
  width: number;
  height: number;
  testId?: string;
}) {
  const ref = React.useRef<HTMLImageElement>(null);
  const [state, setState] = React.useState<"drawing" | "ready" | "failed">("drawing");

  // A picture already in the cache may finish before hydration, when onLoad has no listener yet.
  React.useEffect(() => {
    const img = ref.current;
    if (img?.complete) setState(img.naturalWidth > 0 ? "ready" : "failed");
  }, []);

  return (
    <div
      className="relative w-full overflow-hidden rounded-lg border shadow-sm"
      style={{ aspectRatio: `${props.width} / ${props.height}` }}
      aria-busy={state === "drawing"}
      data-testid="certificate-frame"
      data-state={state}
    >
      {state === "ready" ? null : (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 p-[6%]">
          {state === "drawing" ? (
            <>
              <Skeleton className="h-[6%] w-1/3" />
              <Skeleton className="h-[8%] w-2/3" />
              <Skeleton className="h-[10%] w-1/2" />
              <Skeleton className="h-[6%] w-3/5" />
            </>
          ) : null}
          <p role="status" className="text-sm font-medium text-muted-foreground">
            {state === "drawing" ? props.labels.drawing : props.labels.failed}
          </p>
        </div>
      )}
      {/* eslint-disable-next-line @next/next/no-img-element -- the stored PNG, served with its own long cache */}
      <img
        ref={ref}
        src={props.src}
        alt={props.alt}
        width={props.width}
        height={props.height}
        onLoad={() => setState("ready")}
        onError={() => setState("failed")}
        className={cn("h-auto w-full transition-opacity", state === "ready" ? "opacity-100" : "opacity-0")}
        data-testid={props.testId}
      />
    </div>
  );
}
