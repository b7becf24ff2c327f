import "server-only";
import { APICallError, streamText, type LanguageModel } from "ai";
import { env } from "@/server/env";
import { logger } from "@/server/logger";

/** The model's answer did not match what the task needs (bad JSON, wrong shape, wrong count…). */
export class InvalidModelOutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidModelOutputError";
  }
}

/**
 * The model could not produce a usable answer after every retry. `reason` tells the
 * route what to answer: the model kept failing, or kept answering something invalid.
 */
export class ModelFailedError extends Error {
  constructor(
    readonly reason: "unavailable" | "invalid-output" | "refused",
    message: string,
    readonly attempts: number,
  ) {
    super(message);
    this.name = "ModelFailedError";
  }
}

export type RetryPolicy = {
  /** Retries after the first attempt (transient errors and invalid output alike). */
  retries: number;
  /** First backoff; doubled for each further retry, with ±20% jitter. */
  baseDelayMs: number;
  /** Longest silence from the model (before the first token or between two) before giving up on an attempt. */
  idleTimeoutMs: number;
};

export function defaultRetryPolicy(): RetryPolicy {
  const settings = env();
  return { retries: 3, baseDelayMs: settings.AI_RETRY_BASE_MS, idleTimeoutMs: settings.AI_TIMEOUT_MS };
}

export type ModelCall = {
  model: LanguageModel;
  system: string;
  prompt: string;
  /** A structured-output spec (`Output.object({ schema })`): the JSON schema travels to the provider. */
  output?: Parameters<typeof streamText>[0]["output"];
  temperature?: number;
  maxOutputTokens?: number;
};

export type RunOptions<T> = {
  /** Each piece of text as the model writes it, with the attempt's text so far. */
  onDelta?: (delta: string, textSoFar: string) => void | Promise<void>;
  /** An attempt failed after some text was passed on: whatever was shown of it must be dropped. */
  onRetry?: (nextAttempt: number, reason: string) => void | Promise<void>;
  /** Turns the attempt's whole text into the result; throws InvalidModelOutputError to retry. */
  finish: (text: string) => T | Promise<T>;
  /** The caller gave up (the browser went away): stop at once, no retry. */
  signal?: AbortSignal;
  policy?: Partial<RetryPolicy>;
  /** For logs: which task this is (outline, lesson, search-terms…). */
  task: string;
};

class IncompleteAnswerError extends Error {
  constructor(finishReason: string | undefined) {
    super(`the answer ended early (finish reason: ${finishReason ?? "none"})`);
    this.name = "IncompleteAnswerError";
  }
}

class IdleTimeoutError extends Error {
  constructor(ms: number) {
    super(`the model sent nothing for ${ms} ms`);
    this.name = "IdleTimeoutError";
  }
}

/** 429, 5xx, timeouts and broken connections are worth another try; 400/401/403/404 are not. */
export function isTransientModelError(error: unknown): boolean {
  if (error instanceof IdleTimeoutError) return true;
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined) return true; // no answer at all: the network
    return status === 408 || status === 409 || status === 429 || status >= 500 || error.isRetryable;
  }
  // Errors that are not the provider's answer: a connection reset, a stream cut mid-way.
  return !(error instanceof InvalidModelOutputError);
}

function describe(error: unknown): string {
  if (APICallError.isInstance(error)) return `HTTP ${error.statusCode ?? "-"}: ${error.message}`.slice(0, 300);
  return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : String(error).slice(0, 300);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** One attempt: the model's whole text, passing each delta on as it arrives. */
async function attempt(call: ModelCall, options: RunOptions<unknown>, idleTimeoutMs: number): Promise<{ text: string; emitted: boolean }> {
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let idleError: IdleTimeoutError | undefined;
  const armIdle = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleError = new IdleTimeoutError(idleTimeoutMs);
      controller.abort(idleError);
    }, idleTimeoutMs);
  };
  let text = "";
  let emitted = false;
  let finishReason: string | undefined;
  try {
    armIdle();
    const result = streamText({
      model: call.model,
      system: call.system,
      prompt: call.prompt,
      output: call.output,
      temperature: call.temperature,
      maxOutputTokens: call.maxOutputTokens,
      maxRetries: 0, // retries are ours: faster backoff, and invalid output is retried too
      abortSignal: controller.signal,
      onError: () => {}, // errors arrive as stream parts below
    });
    for await (const part of result.fullStream) {
      armIdle();
      if (part.type === "text-delta") {
        if (!part.text) continue;
        text += part.text;
        emitted = true;
        await options.onDelta?.(part.text, text);
      } else if (part.type === "error") {
        throw part.error;
      } else if (part.type === "abort") {
        throw idleError ?? options.signal?.reason ?? new Error("aborted");
      } else if (part.type === "finish") {
        finishReason = part.finishReason;
      }
    }
    if (idleError) throw idleError;
    // "stop" is a whole answer and "length" a long one cut at the token limit; anything else
    // (no finish reason at all: the connection dropped) is an incomplete answer, worth a retry.
    if (finishReason !== "stop" && finishReason !== "length") throw new IncompleteAnswerError(finishReason);
    return { text, emitted };
  } catch (error) {
    if (idleError) throw Object.assign(idleError, { emitted });
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { emitted });
  } finally {
    clearTimeout(idleTimer);
    options.signal?.removeEventListener("abort", onCallerAbort);
  }
}

/**
 * Runs a model call with retries: transient errors (429, 5xx, network, silence) and invalid
 * output are retried with exponential backoff; other errors end it at once. Whatever `finish`
 * returns is the result; nothing invalid ever leaves this function.
 */
export async function runModel<T>(call: ModelCall, options: RunOptions<T>): Promise<T> {
  const policy = { ...defaultRetryPolicy(), ...options.policy };
  let lastReason: ModelFailedError["reason"] = "unavailable";
  let lastMessage = "";
  for (let attemptIndex = 0; attemptIndex <= policy.retries; attemptIndex++) {
    if (attemptIndex > 0) {
      const backoff = policy.baseDelayMs * 2 ** (attemptIndex - 1);
      await sleep(Math.round(backoff * (0.8 + Math.random() * 0.4)), options.signal);
    }
    let emitted = false;
    try {
      const result = await attempt(call, options as RunOptions<unknown>, policy.idleTimeoutMs);
      emitted = result.emitted;
      return await options.finish(result.text);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      emitted ||= Boolean((error as { emitted?: boolean }).emitted);
      const invalid = error instanceof InvalidModelOutputError;
      if (!invalid && !isTransientModelError(error)) {
        logger.warn({ task: options.task, error: describe(error) }, "model call refused");
        throw new ModelFailedError("refused", describe(error), attemptIndex + 1);
      }
      lastReason = invalid ? "invalid-output" : "unavailable";
      lastMessage = describe(error);
      logger.warn({ task: options.task, attempt: attemptIndex + 1, error: lastMessage }, "model attempt failed");
      if (attemptIndex < policy.retries && emitted) await options.onRetry?.(attemptIndex + 2, lastReason);
    }
  }
  throw new ModelFailedError(lastReason, lastMessage, policy.retries + 1);
}
