import { readNdjson } from "@/lib/http/ndjson";
import { postJson } from "@/lib/http/post-json";

type RewriteEvent =
  | { type: "delta"; text: string }
  | { type: "reset" }
  | { type: "done"; markdown: string }
  | { type: "error"; code: string; message: string }
  | { type: "start" | "waiting" };

/**
 * One lesson rewritten as instructed (POST /api/lessons/{id}/rewrite): `onDraft` follows the
 * draft as the model writes it (from empty again when the model is tried again); resolves to the
 * whole draft. Throws with the server's message (or `failed`) when it fails; an abort throws too.
 */
export async function streamLessonRewrite(
  lessonId: string,
  instruction: string,
  { signal, onDraft, failed }: { signal: AbortSignal; onDraft: (draft: string) => void; failed: string },
): Promise<string> {
  const response = await postJson(`/api/lessons/${lessonId}/rewrite`, { instruction }, { signal });
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(data?.message ?? failed);
  }
  let draft = "";
  for await (const item of readNdjson<RewriteEvent>(response)) {
    if (item.type === "delta") onDraft((draft += item.text));
    else if (item.type === "reset") onDraft((draft = ""));
    else if (item.type === "done") return item.markdown;
    else if (item.type === "error") throw new Error(item.message || failed);
  }
  throw new Error(failed);
}
