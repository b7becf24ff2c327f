import "server-only";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { env } from "@/server/env";
import { AppError } from "@/server/http/errors";
import { logger } from "@/server/logger";
import { resilientFetch } from "./resilient-fetch";
import { AiConfigError, configFromSettings, describeAiConfig, probeOllama, type AiConfig } from "./config";

/**
 * The one module that chooses the model from configuration.
 * Resolved once per process: at start (boot) or on first use, whichever comes first.
 */
type AiState = { config: AiConfig | null; model: LanguageModel | null };
const holder = globalThis as unknown as { __aulaAi?: Promise<AiState> };

function createLanguageModel(config: AiConfig): LanguageModel {
  switch (config.provider) {
    case "openai":
      return createOpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, fetch: resilientFetch })(config.model);
    case "openai-compatible":
      // Without supportsStructuredOutputs the SDK drops the JSON schema from response_format.
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: config.baseURL!,
        apiKey: config.apiKey,
        supportsStructuredOutputs: true,
        fetch: resilientFetch,
      }).chatModel(config.model);
    case "google":
      return createGoogleGenerativeAI({ apiKey: config.apiKey, fetch: resilientFetch })(config.model);
    case "anthropic":
      return createAnthropic({ apiKey: config.apiKey, fetch: resilientFetch })(config.model);
  }
}

async function resolve(): Promise<AiState> {
  const settings = env();
  let config: AiConfig | null;
  try {
    config = configFromSettings(settings);
  } catch (error) {
    if (AiConfigError.is(error)) {
      logger.error(error.message);
      return { config: null, model: null };
    }
    throw error;
  }
  if (!config) {
    config = await probeOllama(settings.OLLAMA_BASE_URL, settings.AI_MODEL);
    if (config)
      logger.info(
        describeAiConfig(config),
        `No AI_PROVIDER set: using the local Ollama at ${settings.OLLAMA_BASE_URL}`,
      );
  }
  return { config, model: config ? createLanguageModel(config) : null };
}

function state(): Promise<AiState> {
  holder.__aulaAi ??= resolve();
  return holder.__aulaAi;
}

/** At start: resolve the model and name provider and model in the log (never a key). */
export async function initAi(): Promise<AiConfig | null> {
  const { config } = await state();
  if (config) logger.info(describeAiConfig(config), `AI model: ${config.provider} / ${config.model}`);
  else
    logger.warn(
      "No AI model configured: set AI_PROVIDER and AI_MODEL (see README), or run Ollama locally. Course generation answers 503 until then.",
    );
  return config;
}

export async function getAiConfig(): Promise<AiConfig | null> {
  return (await state()).config;
}

/** The configured model, or a 503 `ai:not-configured` for the route to answer. */
export async function requireLanguageModel(
  message = "No AI model is configured on this server.",
): Promise<LanguageModel> {
  const { model } = await state();
  if (!model) throw new AppError("ai:not-configured", message);
  return model;
}

/** Tests choose their model (a fake server) or none. */
export function setAiConfigForTests(config: AiConfig | null | undefined): void {
  holder.__aulaAi =
    config === undefined ? undefined : Promise.resolve({ config, model: config ? createLanguageModel(config) : null });
}
