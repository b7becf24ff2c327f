/**
 * Reads an answer written one JSON object per line (the AI streams, src/server/ai/event-stream.ts),
 * yielding each event as its line arrives. Events the caller does not handle (`start`, the
 * keep-alive `waiting`) are yielded too, to be skipped. Leaving the loop early cancels the body.
 */
export async function* readNdjson<T>(response: Response): AsyncGenerator<T> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += value;
      let newline: number;
      while ((newline = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (line) yield JSON.parse(line) as T;
      }
    }
    if (buffered.trim()) yield JSON.parse(buffered) as T;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
