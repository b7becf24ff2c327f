import "server-only";
import { requireLanguageModel } from "@/server/ai/model";
import { InvalidModelOutputError, runModel } from "@/server/ai/run";
import type { EngineOptions } from "./engine";
import { buildLessonRewritePrompt, type LessonRewriteContext } from "./prompts/lesson-rewrite";

export type { LessonRewriteContext };

/**
 * A lesson written again as its author asks, streamed through `onDelta`; retried like every
 * model call (src/server/ai/run.ts). Only Markdown comes back: nothing is stored until the
 * author accepts it and saves. No language check: "in Spanish" is an instruction an author may give.
 */
export async function rewriteLessonText(
  context: LessonRewriteContext,
  options: EngineOptions & {
    onDelta?: (delta: string) => void | Promise<void>;
    onRetry?: (attempt: number) => void | Promise<void>;
  } = {},
): Promise<string> {
  const model = options.model ?? (await requireLanguageModel());
  const { system, prompt } = buildLessonRewritePrompt(context);
  return runModel(
    { model, system, prompt, temperature: 0.5 },
    {
      task: "lesson",
      signal: options.signal,
      policy: options.policy,
      deadline: options.deadline,
      onDelta: options.onDelta ? (delta) => options.onDelta!(delta) : undefined,
      onRetry: options.onRetry ? (attempt) => options.onRetry!(attempt) : undefined,
      finish: (text) => {
        const markdown = text.trim();
        if (markdown.length < 20) throw new InvalidModelOutputError("the rewrite is empty");
        return markdown;
      },
    },
  );
}
