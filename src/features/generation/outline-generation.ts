import "server-only";
import { courseContent } from "@/features/courses/client";
import { COURSE_TYPE_VALUE } from "@/features/plans/client";
import { admitSourceIds, materialDigestFor, rememberOutlineSources } from "@/features/sources/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { aiEventStream } from "@/server/ai/event-stream";
import { modelFailure } from "@/server/ai/failure";
import type { SessionUser } from "@/server/auth/session";
import { admitCourseGeneration } from "./course-allowance";
import { generateOutline, type OutlineEvent } from "./engine";
import { validateGenerateForm, type GenerateRequest } from "./generate-form";
import { insertGeneratedOutline } from "./queries";
import type { GenerateFormBody, Outline } from "./schemas";

type Caller = Pick<SessionUser, "id" | "plan">;

/** Checks done before any model call: the form, the plan, the monthly allowance, the rate limit. */
export async function prepareOutline(user: Caller, body: GenerateFormBody, t: ApiTranslator): Promise<GenerateRequest> {
  const request = validateGenerateForm(body, user.plan, t);
  const sourceIds = await admitSourceIds(user, body.sourceIds, t);
  await admitCourseGeneration(user, t);
  return { ...request, sourceIds };
}

/** What the outline is asked with; with material, its digest too, so the outline covers it (decision 028). */
async function outlineInput(user: Caller, request: GenerateRequest) {
  const material = await materialDigestFor(user.id, request.sourceIds ?? []);
  return {
    topic: request.topic,
    subtopics: request.subtopics,
    topicCount: request.topicCount,
    language: request.language,
    courseType: request.courseType,
    ...(material ? { material } : {}),
  };
}

/** The contract's `generatedText`: the outline as Course content JSON text. */
function generatedTextOf(request: GenerateRequest, outline: Outline): string {
  const topics = outline.topics.map((topic) => ({
    title: topic.title,
    lessons: topic.subtopics.map((title) => ({ title })),
  }));
  return JSON.stringify(courseContent(request.topic, topics));
}

/**
 * Keeps the outline the model wrote for this user, so that /api/course can build a course only
 * from it; its id goes back to the client with the outline.
 */
async function rememberOutline(user: Caller, request: GenerateRequest, outline: Outline): Promise<string> {
  const outlineId = await insertGeneratedOutline({
    userId: user.id,
    outline,
    topic: request.topic,
    type: COURSE_TYPE_VALUE[request.courseType],
    language: request.language,
    topicsLimit: request.topicsLimit,
  });
  // The sources go with the outline, and from it to the course (carryOutlineSources).
  await rememberOutlineSources(outlineId, request.sourceIds ?? []);
  return outlineId;
}

/** /api/prompt's answer: the outline as the contract's `generatedText`, and its `outlineId`. */
export async function outlineAsText(
  user: Caller,
  request: GenerateRequest,
  t: ApiTranslator,
  signal?: AbortSignal,
): Promise<{ generatedText: string; outlineId: string }> {
  let outline: Outline;
  try {
    outline = await generateOutline(await outlineInput(user, request), { signal });
  } catch (error) {
    throw modelFailure(error, t) ?? error;
  }
  return { generatedText: generatedTextOf(request, outline), outlineId: await rememberOutline(user, request, outline) };
}

export type OutlineStreamEvent =
  | OutlineEvent
  | { type: "done"; generatedText: string; outlineId: string }
  | { type: "error"; code: string; message: string };

/**
 * The outline as newline-delimited JSON events, written as the model produces them
 * (docs/api.md, `POST /api/prompt/stream`): `start` at once, `waiting` while the model is silent,
 * then topics, and `done` or `error` last. Stops when the client goes.
 */
export function outlineEventStream(
  user: Caller,
  request: GenerateRequest,
  t: ApiTranslator,
  clientSignal?: AbortSignal,
): ReadableStream<Uint8Array> {
  return aiEventStream<OutlineStreamEvent>(
    async (send, signal) => {
      try {
        const outline = await generateOutline(await outlineInput(user, request), { signal, onEvent: send });
        const outlineId = await rememberOutline(user, request, outline);
        send({ type: "done", generatedText: generatedTextOf(request, outline), outlineId });
      } catch (error) {
        if (signal.aborted) return;
        const failure = modelFailure(error, t);
        if (!failure) throw error;
        send({ type: "error", code: failure.code, message: failure.message });
      }
    },
    { signal: clientSignal, t },
  );
}
