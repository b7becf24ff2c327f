import * as React from "react";

/** Re-render pace while text streams in: smooth to the eye, few parses for a long lesson. */
export const STREAM_RENDER_MS = 50;

/**
 * `value`, updated at most once per `ms` (the first change at once, the latest one at the end of
 * each window): a streamed text re-renders a few times a second, not once per token.
 */
export function useThrottledValue<T>(value: T, ms: number): T {
  const [shown, setShown] = React.useState(value);
  const last = React.useRef(0);
  React.useEffect(() => {
    const wait = last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      setShown(value);
      return;
    }
    const timer = setTimeout(() => {
      last.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return shown;
}
