/**
 * The fake model's POST /v1/embeddings (OpenAI's shape): a deterministic vector per text, so
 * ranking by meaning can be tested without a model. Each word (folded, three letters or
 * more; CJK character pairs) adds to one of DIMENSIONS coordinates picked by its hash, after
 * MEANINGS maps words of one meaning to one key: that is the "meaning" this fake knows, and what
 * lets a test find a passage that shares no word with the question.
 */
import { hashString } from "./fake-text";

export const EMBEDDING_DIMENSIONS = 256;

/** Words the fake treats as one meaning (across languages too). */
const MEANINGS: Record<string, string> = {
  automobile: "car",
  automovel: "car",
  carro: "car",
  vehicle: "car",
  physician: "doctor",
  medico: "doctor",
};

const UNSPACED = /[\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF]+/gu;

function fakeEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const folded = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
  const keys = (folded.match(/[\p{L}\p{N}]{3,}/gu) ?? []).map((w) => MEANINGS[w] ?? w);
  for (const run of folded.match(UNSPACED) ?? [])
    for (let i = 0; i + 1 < run.length; i++) keys.push(run.slice(i, i + 2));
  for (const key of keys) vector[hashString(key) % dimensions] += 1;
  const norm = Math.sqrt(vector.reduce((s, x) => s + x * x, 0)) || 1;
  return vector.map((x) => x / norm);
}

export type EmbeddingCalls = { calls: number; inputs: number; failNext: number };

/** The response body for a request body, or null for a body that is not an embeddings request. */
export function embeddingsResponse(
  body: unknown,
  model: string,
  dimensions = EMBEDDING_DIMENSIONS,
): Record<string, unknown> | null {
  const input = (body as { input?: unknown })?.input;
  const values = typeof input === "string" ? [input] : Array.isArray(input) ? input : null;
  if (!values || values.some((v) => typeof v !== "string")) return null;
  return {
    object: "list",
    data: (values as string[]).map((v, index) => ({
      object: "embedding",
      index,
      embedding: fakeEmbedding(v, dimensions),
    })),
    model,
    usage: { prompt_tokens: values.length, total_tokens: values.length },
  };
}
