import "server-only";

/**
 * The fetch every provider uses. When a connection drops in the middle of a streamed answer,
 * the AI SDK (v6) neither ends nor errors its stream: the error escapes as an unhandled
 * rejection and the stream waits forever. Here a broken body simply ends; the answer then has
 * no finish reason, which src/server/ai/run.ts treats as an incomplete answer and retries.
 */
export const resilientFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
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
