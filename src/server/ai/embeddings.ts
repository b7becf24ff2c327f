import "server-only";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { embedMany, type EmbeddingModel } from "ai";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import type { AiConfig } from "./config";
import { getAiConfig } from "./model";
import { resilientFetch } from "./resilient-fetch";

/**
 * Embeddings of the configured AI provider, when `EMBEDDING_MODEL` names one (issue 22 item 3).
 * They only add a ranking to the material's search; nothing depends on them, so without the
 * setting, with a provider that has none (Anthropic), or when a call fails, search goes on with
 * words alone.
 */

export type Embedder = {
  /** The model's name as stored beside each vector. */
  name: string;
  embed: (values: string[], signal?: AbortSignal) => Promise<number[][]>;
};

export function createEmbeddingModel(config: AiConfig, name: string): EmbeddingModel | null {
  switch (config.provider) {
    case "openai":
      return createOpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, fetch: resilientFetch }).embeddingModel(
        name,
      );
    case "openai-compatible":
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: config.baseURL!,
        apiKey: config.apiKey,
        fetch: resilientFetch,
      }).embeddingModel(name);
    case "google":
      return createGoogleGenerativeAI({ apiKey: config.apiKey, fetch: resilientFetch }).embeddingModel(name);
    case "anthropic":
      return null;
  }
}

const holder = globalThis as unknown as { __aulaEmbedder?: { key: string; embedder: Embedder | null } };

/** The embedder the settings name, or null; made once per setting (a test may change it). */
export async function getEmbedder(): Promise<Embedder | null> {
  const name = env().EMBEDDING_MODEL;
  if (!name) return null;
  const config = await getAiConfig();
  if (!config) return null;
  const key = `${config.provider}:${config.baseURL ?? ""}:${name}`;
  if (holder.__aulaEmbedder?.key === key) return holder.__aulaEmbedder.embedder;
  const model = createEmbeddingModel(config, name);
  if (!model)
    logger.warn(
      { provider: config.provider },
      "EMBEDDING_MODEL is set, but this provider has no embeddings: words only",
    );
  const embedder: Embedder | null = model
    ? {
        name,
        embed: async (values, signal) =>
          (await embedMany({ model, values, maxRetries: 0, maxParallelCalls: 2, abortSignal: signal })).embeddings,
      }
    : null;
  holder.__aulaEmbedder = { key, embedder };
  return embedder;
}
