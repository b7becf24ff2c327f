"use client";
import type * as React from "react";

/** The SPEC's landing anchors scroll smoothly and stop 80 px above the section, below the sticky header. */
const ANCHOR_OFFSET_PX = 80;

/**
 * A link to a landing section. On the landing page it scrolls there (and closes the phone menu
 * it sits in); on any other public page it is a plain link to `/#section`.
 */
export function AnchorLink({ targetId, ...props }: React.ComponentProps<"a"> & { targetId: string }) {
  return (
    <a
      href={`/#${targetId}`}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        event.currentTarget.closest("details")?.removeAttribute("open");
        const top = target.getBoundingClientRect().top + window.scrollY - ANCHOR_OFFSET_PX;
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top, behavior: reduce ? "auto" : "smooth" });
        history.replaceState(null, "", `#${targetId}`);
      }}
      {...props}
    />
  );
}
