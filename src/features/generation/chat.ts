import "server-only";
import { requireLanguageModel } from "@/server/ai/model";
import { InvalidModelOutputError, runModel } from "@/server/ai/run";
import type { EngineOptions } from "./engine";
import { buildChatAnswerPrompt, type ChatContext } from "./prompts/chat-answer";

export type { ChatContext };

/**
 * The Course Assistant's answer, streamed through `onDelta` as the model writes it; retried like
 * every model call (src/server/ai/run.ts). A separate file from engine.ts, same engine pieces.
 */
export async function answerCourseQuestion(
  context: ChatContext,
  options: EngineOptions & {
    onDelta?: (delta: string) => void | Promise<void>;
    onRetry?: (attempt: number) => void | Promise<void>;
  } = {},
): Promise<string> {
  const model = options.model ?? (await requireLanguageModel());
  const { system, prompt } = buildChatAnswerPrompt(context);
  return runModel(
    { model, system, prompt, temperature: 0.4, maxOutputTokens: 600 },
    {
      task: "chat",
      signal: options.signal,
      policy: options.policy,
      deadline: options.deadline,
      onDelta: options.onDelta ? (delta) => options.onDelta!(delta) : undefined,
      onRetry: options.onRetry ? (attempt) => options.onRetry!(attempt) : undefined,
      finish: (text) => {
        const answer = text.trim();
        if (!answer) throw new InvalidModelOutputError("the answer is empty");
        return answer;
      },
    },
  );
}
