import "server-only";
import type { Env } from "@/server/env";
import { brandedError } from "@/lib/branded-error";

type AiProvider = "openai" | "openai-compatible" | "google" | "anthropic";

/** What the engine talks to. `source` says how it was chosen, for the start log. */
export type AiConfig = {
  provider: AiProvider;
  model: string;
  baseURL?: string;
  apiKey?: string;
  source: "AI_PROVIDER" | "ollama-probe";
};

/** Sensible defaults when AI_MODEL is unset (small, cheap, good at JSON). */
const DEFAULT_MODELS: Record<AiProvider, string | undefined> = {
  openai: "gpt-4o-mini",
  google: "gemini-2.0-flash",
  anthropic: "claude-3-5-haiku-latest",
  // Every OpenAI-compatible server names its own models: AI_MODEL is required there.
  "openai-compatible": undefined,
};

export class AiConfigError extends brandedError("AiConfigError") {}

type AiSettings = Pick<
  Env,
  | "AI_PROVIDER"
  | "AI_MODEL"
  | "OPENAI_API_KEY"
  | "OPENAI_BASE_URL"
  | "GOOGLE_GENERATIVE_AI_API_KEY"
  | "ANTHROPIC_API_KEY"
>;

/**
 * The model named by AI_PROVIDER, or null when no provider is set (the caller may then probe
 * a local Ollama). A provider set without what it needs is a configuration error.
 */
export function configFromSettings(settings: AiSettings): AiConfig | null {
  const provider = settings.AI_PROVIDER;
  if (!provider) return null;
  const model = settings.AI_MODEL?.trim() || DEFAULT_MODELS[provider];
  if (!model) throw new AiConfigError(`AI_PROVIDER=${provider} needs AI_MODEL (the model id your server serves)`);
  switch (provider) {
    case "openai":
      if (!settings.OPENAI_API_KEY) throw new AiConfigError("AI_PROVIDER=openai needs OPENAI_API_KEY");
      return {
        provider,
        model,
        apiKey: settings.OPENAI_API_KEY,
        baseURL: settings.OPENAI_BASE_URL,
        source: "AI_PROVIDER",
      };
    case "openai-compatible":
      if (!settings.OPENAI_BASE_URL) throw new AiConfigError("AI_PROVIDER=openai-compatible needs OPENAI_BASE_URL");
      return {
        provider,
        model,
        apiKey: settings.OPENAI_API_KEY,
        baseURL: settings.OPENAI_BASE_URL,
        source: "AI_PROVIDER",
      };
    case "google":
      if (!settings.GOOGLE_GENERATIVE_AI_API_KEY)
        throw new AiConfigError("AI_PROVIDER=google needs GOOGLE_GENERATIVE_AI_API_KEY");
      return { provider, model, apiKey: settings.GOOGLE_GENERATIVE_AI_API_KEY, source: "AI_PROVIDER" };
    case "anthropic":
      if (!settings.ANTHROPIC_API_KEY) throw new AiConfigError("AI_PROVIDER=anthropic needs ANTHROPIC_API_KEY");
      return { provider, model, apiKey: settings.ANTHROPIC_API_KEY, source: "AI_PROVIDER" };
  }
}

/**
 * No AI_PROVIDER: a local Ollama answering GET /api/tags with at least one model is used
 * through its OpenAI-compatible endpoint (/v1). AI_MODEL picks the model, else the first listed.
 */
export async function probeOllama(
  baseUrl: string,
  preferredModel: string | undefined,
  timeoutMs = 1500,
): Promise<AiConfig | null> {
  try {
    const response = await fetch(`${baseUrl.replace(/\/+$/, "")}/api/tags`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    const body = (await response.json()) as { models?: { name?: unknown; model?: unknown }[] };
    const names = (body.models ?? [])
      .map((m) => (typeof m.model === "string" ? m.model : typeof m.name === "string" ? m.name : ""))
      .filter(Boolean);
    if (names.length === 0) return null;
    const model = preferredModel && names.includes(preferredModel) ? preferredModel : (preferredModel ?? names[0]);
    return {
      provider: "openai-compatible",
      model,
      baseURL: `${baseUrl.replace(/\/+$/, "")}/v1`,
      source: "ollama-probe",
    };
  } catch {
    return null;
  }
}

/** What the start log may say about the model: never a key. */
export function describeAiConfig(config: AiConfig | null): Record<string, string> {
  if (!config) return { ai: "not configured" };
  return {
    aiProvider: config.provider,
    aiModel: config.model,
    ...(config.baseURL ? { aiBaseUrl: withoutCredentials(config.baseURL) } : {}),
    aiSource: config.source,
  };
}

function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.toString().replace(/\/$/, "");
  } catch {
    return "(invalid URL)";
  }
}
