import * as React from "react";
import type { LessonStream } from "./lesson-stream";

/**
 * The streaming view with the Markdown renderer, loaded after the first paint so it stays out
 * of the first load. Null until it is here: the caller keeps what it shows until then (a
 * `dynamic()` fallback would blank a lesson being rewritten for a moment).
 */
export function useLessonStream(): typeof LessonStream | null {
  const [component, setComponent] = React.useState<typeof LessonStream | null>(null);
  React.useEffect(() => {
    let live = true;
    void import("./lesson-stream").then((m) => {
      if (live) setComponent(() => m.LessonStream);
    });
    return () => {
      live = false;
    };
  }, []);
  return component;
}
