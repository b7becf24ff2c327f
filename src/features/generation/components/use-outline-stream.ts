import { useRef, useState } from "react";
import { readNdjson } from "@/lib/http/ndjson";
import { postJson } from "@/lib/http/post-json";
import type { StreamControlEvent } from "@/server/ai/event-stream";
import type { OutlineStreamEvent } from "../outline-generation";
import type { FormValues, Preview, PreviewTopic } from "./generate-types";

/** A route's refusal or a stream's `error`: the code says how to tell it (plan limit, timeout, other). */
export type OutlineFailure = { code?: string; message?: string; status?: number };

function topicsFromContent(generatedText: string): PreviewTopic[] {
  const content = JSON.parse(generatedText) as Record<string, { title: string; subtopics: { title: string }[] }[]>;
  return (Object.values(content)[0] ?? []).map((t) => ({ title: t.title, subtopics: t.subtopics.map((s) => s.title) }));
}

/**
 * The outline preview as the model writes it (/api/prompt/stream): topics appear as they come,
 * a retry clears them, `done` makes the preview ready with the server's copy of the outline.
 */
export function useOutlineStream({ onFailure }: { onFailure: (failure: OutlineFailure | null) => void }) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function start(values: FormValues) {
    const controller = new AbortController();
    abort.current?.abort();
    abort.current = controller;
    setPreview({
      topic: values.topic,
      topics: [],
      status: "streaming",
      retrying: false,
      startedAt: Date.now(),
      progress: 0,
      values,
    });
    const fail = (failure: OutlineFailure | null) => {
      setPreview(null);
      onFailure(failure);
    };
    try {
      const response = await postJson("/api/prompt/stream", values, { signal: controller.signal });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as OutlineFailure | null;
        return fail({ ...body, status: response.status });
      }
      for await (const item of readNdjson<OutlineStreamEvent | StreamControlEvent>(response)) {
        if (controller.signal.aborted) return;
        if (item.type === "topic") {
          setPreview((p) => {
            if (!p) return p;
            const topics = [...p.topics];
            topics[item.index] = item.topic;
            return { ...p, topics, retrying: false, progress: p.progress + 1 };
          });
        } else if (item.type === "retry") {
          setPreview((p) => (p ? { ...p, topics: [], retrying: true, progress: p.progress + 1 } : p));
        } else if (item.type === "done") {
          const { generatedText, outlineId } = item;
          setPreview((p) =>
            p
              ? {
                  ...p,
                  topics: topicsFromContent(generatedText),
                  status: "ready",
                  retrying: false,
                  generatedText,
                  outlineId,
                  idempotencyKey: crypto.randomUUID(),
                }
              : p,
          );
          return;
        } else if (item.type === "error") {
          return fail({ code: item.code, message: item.message });
        }
      }
      // The stream ended without its last event: the connection dropped.
      fail(null);
    } catch {
      if (controller.signal.aborted) return;
      fail(null);
    }
  }

  function stop() {
    abort.current?.abort();
    setPreview(null);
  }

  return { preview, setPreview, start, stop, abort };
}
