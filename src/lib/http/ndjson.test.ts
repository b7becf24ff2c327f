import { readNdjson } from "./ndjson";

/** An answer whose body arrives in the given pieces, as a network would cut it. */
function answer(pieces: string[], onCancel?: () => void): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < pieces.length) controller.enqueue(encoder.encode(pieces[i++]));
      else controller.close();
    },
    cancel: onCancel,
  });
  return new Response(body);
}

async function all<T>(events: AsyncGenerator<T>): Promise<T[]> {
  const seen: T[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

describe("readNdjson", () => {
  it("yields one event per line, whatever the network's cuts (mid-line, mid-character, several per piece)", async () => {
    const bytes = '{"type":"start"}\n{"type":"delta","text":"olá"}\n\n{"type":"done"}\n';
    // "á" is two bytes in UTF-8: cut between them.
    const encoded = new TextEncoder().encode(bytes);
    const cut = encoded.indexOf(0xc3) + 1;
    const response = new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoded.slice(0, 5));
          controller.enqueue(encoded.slice(5, cut));
          controller.enqueue(encoded.slice(cut));
          controller.close();
        },
      }),
    );
    expect(await all(readNdjson(response))).toEqual([
      { type: "start" },
      { type: "delta", text: "olá" },
      { type: "done" },
    ]);
  });

  it("reads a last line without its newline", async () => {
    expect(await all(readNdjson(answer(['{"a":1}\n{"a"', ":2}"])))).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it("cancels the body when the caller stops reading", async () => {
    let cancelled = false;
    const events = readNdjson<{ n: number }>(
      answer(['{"n":1}\n', '{"n":2}\n', '{"n":3}\n'], () => {
        cancelled = true;
      }),
    );
    for await (const event of events) if (event.n === 1) break;
    expect(cancelled).toBe(true);
  });

  it("throws on a line that is not JSON", async () => {
    await expect(all(readNdjson(answer(["<html>\n"])))).rejects.toThrow(SyntaxError);
  });
});
