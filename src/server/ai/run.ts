import "server-only";
import { APICallError, streamText, type LanguageModel } from "ai";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { brandedError } from "@/lib/branded-error";

/** The model's answer did not match what the task needs (bad JSON, wrong shape, wrong count…). */
export class InvalidModelOutputError extends brandedError("InvalidModelOutputError") {}

/**
 * The model could not produce a usable answer after every retry. `reason` tells the
 * route what to answer: the model kept failing, kept answering something invalid, refused,
 * or was too slow (kept silent, or the call's time budget ran out).
 */
export class ModelFailedError extends brandedError("ModelFailedError") {
  constructor(
    readonly reason: "unavailable" | "invalid-output" | "refused" | "timeout",
    message: string,
    readonly attempts: number,
  ) {
    super(message);
  }

  /** The API's error code for this failure (`ai:timeout`, `ai:unavailable`…). */
  get code(): `ai:${ModelFailedError["reason"]}` {
    return `ai:${this.reason}`;
  }
}

export type RetryPolicy = {
  /** Retries after the first attempt (transient errors and invalid output alike). */
  retries: number;
  /** First backoff; doubled for each further retry, with ±20% jitter. */
  baseDelayMs: number;
  /** Longest wait for the model's first piece of output before giving up on an attempt. */
  firstTokenTimeoutMs: number;
  /** Longest silence between two pieces of output, once the model has begun, before giving up on an attempt. */
  idleTimeoutMs: number;
  /** The whole call, every attempt and backoff included: past it the call fails as `timeout`, no retry. */
  totalTimeoutMs: number;
};

export function defaultRetryPolicy(): RetryPolicy {
  const settings = env();
  return {
    retries: 3,
    baseDelayMs: settings.AI_RETRY_BASE_MS,
    firstTokenTimeoutMs: settings.AI_FIRST_TOKEN_TIMEOUT_MS,
    idleTimeoutMs: settings.AI_TIMEOUT_MS,
    totalTimeoutMs: settings.AI_TOTAL_TIMEOUT_MS,
  };
}

/** When a budget of `ms` from now runs out: several model calls for one answer share it. */
export function aiDeadline(ms: number = env().AI_TOTAL_TIMEOUT_MS): number {
  return Date.now() + ms;
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
  /** A time (ms since the epoch) shared with other calls for the same answer; the earlier of it and the policy's total wins. */
  deadline?: number;
  policy?: Partial<RetryPolicy>;
  /** For logs: which task this is (outline, lesson, search-terms…). */
  task: string;
};

class IncompleteAnswerError extends brandedError("IncompleteAnswerError") {
  constructor(finishReason: string | undefined) {
    super(`the answer ended early (finish reason: ${finishReason ?? "none"})`);
  }
}

/** The model kept silent too long within one attempt (before its first token, or between two). */
class SilenceError extends brandedError("SilenceError") {
  constructor(ms: number, beforeFirstToken: boolean) {
    super(beforeFirstToken ? `the model sent no first token within ${ms} ms` : `the model sent nothing for ${ms} ms`);
  }
}

/** The call's whole time budget ran out: no retry could finish in time. */
class BudgetExceededError extends brandedError("BudgetExceededError") {
  constructor() {
    super("the model call's time budget ran out");
  }
}

/** 429, 5xx, timeouts and broken connections are worth another try; 400/401/403/404 are not. */
export function isTransientModelError(error: unknown): boolean {
  if (SilenceError.is(error)) return true;
  if (BudgetExceededError.is(error)) return false;
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined) return true; // no answer at all: the network
    return status === 408 || status === 409 || status === 429 || status >= 500 || error.isRetryable;
  }
  // Errors that are not the provider's answer: a connection reset, a stream cut mid-way.
  return !InvalidModelOutputError.is(error);
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

type AttemptLimits = { firstTokenTimeoutMs: number; idleTimeoutMs: number; budgetMs: number };

/** Parts that are the model's own output (text, or a reasoning model's thinking): the model is answering. */
const OUTPUT_PARTS = new Set(["text-delta", "reasoning-delta"]);

/** One attempt: the model's whole text, passing each delta on as it arrives. */
async function attempt(
  call: ModelCall,
  options: RunOptions<unknown>,
  limits: AttemptLimits,
): Promise<{ text: string; emitted: boolean }> {
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  // Why this attempt was stopped by us (silence or budget), to tell it from the caller going away.
  let stopped: SilenceError | BudgetExceededError | undefined;
  const stop = (error: SilenceError | BudgetExceededError) => {
    stopped ??= error;
    controller.abort(error);
  };
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  const armSilence = (ms: number, beforeFirstToken: boolean) => {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => stop(new SilenceError(ms, beforeFirstToken)), ms);
  };
  const budgetTimer = setTimeout(() => stop(new BudgetExceededError()), limits.budgetMs);
  let text = "";
  let emitted = false;
  let answering = false;
  let finishReason: string | undefined;
  try {
    armSilence(limits.firstTokenTimeoutMs, true);
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
      // Until the model's first output, only the first-token limit counts: headers or a
      // stream opening that never carries a token must not restart the wait.
      if (OUTPUT_PARTS.has(part.type)) answering = true;
      if (answering) armSilence(limits.idleTimeoutMs, false);
      if (part.type === "text-delta") {
        if (!part.text) continue;
        text += part.text;
        emitted = true;
        await options.onDelta?.(part.text, text);
      } else if (part.type === "error") {
        throw part.error;
      } else if (part.type === "abort") {
        throw stopped ?? options.signal?.reason ?? new Error("aborted");
      } else if (part.type === "finish") {
        finishReason = part.finishReason;
      }
    }
    if (stopped) throw stopped;
    // "stop" is a whole answer and "length" a long one cut at the token limit; anything else
    // (no finish reason at all: the connection dropped) is an incomplete answer, worth a retry.
    if (finishReason !== "stop" && finishReason !== "length") throw new IncompleteAnswerError(finishReason);
    return { text, emitted };
  } catch (error) {
    if (stopped) throw Object.assign(stopped, { emitted });
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { emitted });
  } finally {
    clearTimeout(silenceTimer);
    clearTimeout(budgetTimer);
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
  const deadline = Math.min(options.deadline ?? Infinity, Date.now() + policy.totalTimeoutMs);
  const outOfTime = (attempts: number, why: string) => {
    logger.warn({ task: options.task, attempts, error: why }, "model call out of time");
    return new ModelFailedError("timeout", why, attempts);
  };
  let lastReason: ModelFailedError["reason"] = "unavailable";
  let lastMessage = "";
  for (let attemptIndex = 0; attemptIndex <= policy.retries; attemptIndex++) {
    if (attemptIndex > 0) {
      const backoff = Math.round(policy.baseDelayMs * 2 ** (attemptIndex - 1) * (0.8 + Math.random() * 0.4));
      // A retry that would start after the budget is spent cannot help: say so now.
      if (Date.now() + backoff >= deadline) throw outOfTime(attemptIndex, `${lastMessage}; no time left for a retry`);
      await sleep(backoff, options.signal);
    }
    const budgetMs = deadline - Date.now();
    if (budgetMs <= 0) throw outOfTime(attemptIndex, lastMessage || "no time left for the call");
    let emitted = false;
    try {
      const result = await attempt(call, options as RunOptions<unknown>, { ...policy, budgetMs });
      emitted = result.emitted;
      return await options.finish(result.text);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      if (BudgetExceededError.is(error)) throw outOfTime(attemptIndex + 1, describe(error));
      emitted ||= Boolean((error as { emitted?: boolean }).emitted);
      const invalid = InvalidModelOutputError.is(error);
      if (!invalid && !isTransientModelError(error)) {
        logger.warn({ task: options.task, error: describe(error) }, "model call refused");
        throw new ModelFailedError("refused", describe(error), attemptIndex + 1);
      }
      lastReason = invalid ? "invalid-output" : SilenceError.is(error) ? "timeout" : "unavailable";
      lastMessage = describe(error);
      logger.warn({ task: options.task, attempt: attemptIndex + 1, error: lastMessage }, "model attempt failed");
      if (attemptIndex < policy.retries && emitted) await options.onRetry?.(attemptIndex + 2, lastReason);
    }
  }
  throw new ModelFailedError(lastReason, lastMessage, policy.retries + 1);
}
