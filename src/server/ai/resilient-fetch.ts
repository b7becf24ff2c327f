import "server-only";

/**
 * Model calls skip Next's fetch wrapper (its data cache, dedupe and tracing): an answer must
 * never be cached, and the wrapper's bookkeeping sits between the learner and the first token.
 * Next keeps the platform's fetch on the wrapper; without Next (tests, scripts) it is the global one.
 */
function platformFetch(): typeof fetch {
  return (
    (globalThis.fetch as typeof fetch & { _nextOriginalFetch?: typeof fetch })._nextOriginalFetch ?? globalThis.fetch
  );
}

/**
 * The fetch every provider uses. When a connection drops in the middle of a streamed answer,
 * the AI SDK (v6) neither ends nor errors its stream: the error escapes as an unhandled
 * rejection and the stream waits forever. Here a broken body simply ends; the answer then has
 * no finish reason, which src/server/ai/run.ts treats as an incomplete answer and retries.
 */
export const resilientFetch: typeof fetch = async (input, init) => {
  const response = await platformFetch()(input, init);
  if (!response.body) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch {
        controller.close();
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
};
