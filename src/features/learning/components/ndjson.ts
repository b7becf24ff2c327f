/** A stream's `error` event, thrown out of the event handler to end the reading. */
export class StreamFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "StreamFailure";
  }
}

/** What the learner reads for a failure: a model too slow for the server's budget says so; anything else is the generic text. */
export function failureText(error: unknown, generic: string): string {
  return error instanceof StreamFailure && error.code === "ai:timeout" && error.message ? error.message : generic;
}

/**
 * Reads a fetch answer written one JSON object per line, calling `onEvent` as each line arrives.
 * Events the caller does not know (`start`, the keep-alive `waiting`) reach it too, to be skipped.
 */
export async function readNdjson<T>(response: Response, onEvent: (event: T) => void): Promise<void> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (line) onEvent(JSON.parse(line) as T);
    }
  }
  if (buffered.trim()) onEvent(JSON.parse(buffered) as T);
}

export async function postJson(url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal });
}
