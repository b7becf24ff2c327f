import "server-only";
import { randomUUID } from "node:crypto";
import { generateLesson } from "@/features/generation/service";
import { failureCode } from "@/server/http/errors";
import { logger } from "@/server/logger";
import {
  claimGenerationLease,
  leaseState,
  releaseGenerationLease,
  renewGenerationLease,
  storeGeneratedLesson,
} from "./generation-lease-queries";
import { lessonContent, lessonWithTopic, outlineOf, type LessonContent, type ViewerCourseRow } from "./lesson-queries";

/**
 * One generation per lesson, however many tabs (or the background prefetch) ask for it.
 *
 * In this process: a registry of in-flight generations keyed by lesson id. A later request joins
 * the running one and first receives everything written so far, then the rest live.
 * Across app instances: a short lease on the lesson row (lessons.generating_until), renewed
 * while the model writes; an instance that finds the lease taken waits for the row instead of
 * calling the model. See docs/decisions/ "lesson generation lease".
 */
export type GenerationEvent =
  | { type: "delta"; text: string }
  /** The model's attempt failed after some text was shown: drop it, a retry follows. */
  | { type: "reset" }
  | { type: "done"; lesson: LessonContent }
  | { type: "error"; code: string };

export type GenerationOptions = { regenerate: boolean; leaseMs?: number; pollMs?: number };

type InFlight = {
  events: GenerationEvent[];
  listeners: Set<(event: GenerationEvent) => void>;
  finished: boolean;
  regenerate: boolean;
};

const holder = globalThis as unknown as { __aulaLessonGenerations?: Map<string, InFlight> };
function registry(): Map<string, InFlight> {
  holder.__aulaLessonGenerations ??= new Map();
  return holder.__aulaLessonGenerations;
}

const DEFAULT_LEASE_MS = 60_000;

/**
 * Joins the lesson's running generation or starts one. `beforeStart` runs only when a new one
 * is about to start (the AI rate limit: joining costs nothing).
 */
export async function startOrJoinGeneration(
  course: ViewerCourseRow,
  lessonId: string,
  options: GenerationOptions,
  beforeStart?: () => Promise<void>,
): Promise<InFlight> {
  const existing = registry().get(lessonId);
  if (existing) return existing;
  await beforeStart?.();
  // Another request may have started it while we waited for the rate limiter.
  const raced = registry().get(lessonId);
  if (raced) return raced;
  const flight: InFlight = { events: [], listeners: new Set(), finished: false, regenerate: options.regenerate };
  registry().set(lessonId, flight);
  const emit = (event: GenerationEvent) => {
    flight.events.push(event);
    for (const listener of flight.listeners) listener(event);
  };
  void runGeneration(course, lessonId, options, emit)
    .catch((error: unknown) => {
      // The database down is no surprise: the listeners are told so (db:unavailable).
      const code = failureCode(error);
      if (code) logger.warn({ err: error, lessonId, code }, "lesson generation failed");
      else logger.error({ err: error, lessonId }, "lesson generation failed unexpectedly");
      emit({ type: "error", code: code ?? "lesson:generation-failed" });
    })
    .finally(() => {
      flight.finished = true;
      flight.listeners.clear();
      registry().delete(lessonId);
    });
  return flight;
}

/** Every event of the generation from its start, then the live ones, until done or error. */
export function followGeneration(flight: InFlight): AsyncIterable<GenerationEvent> {
  return {
    [Symbol.asyncIterator]() {
      let index = 0;
      let wake: (() => void) | null = null;
      const listener = () => {
        wake?.();
        wake = null;
      };
      flight.listeners.add(listener);
      return {
        async next(): Promise<IteratorResult<GenerationEvent>> {
          for (;;) {
            if (index < flight.events.length) {
              const event = flight.events[index++];
              return { value: event, done: false };
            }
            const last = flight.events.at(-1);
            if (flight.finished || last?.type === "done" || last?.type === "error") {
              flight.listeners.delete(listener);
              return { value: undefined, done: true };
            }
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
          }
        },
        async return(): Promise<IteratorResult<GenerationEvent>> {
          flight.listeners.delete(listener);
          return { value: undefined, done: true };
        },
      };
    },
  };
}

/** How the generation ended: its `done` or `error` event (for callers that want no stream). */
export async function generationOutcome(
  flight: InFlight,
): Promise<Extract<GenerationEvent, { type: "done" | "error" }>> {
  for await (const event of followGeneration(flight)) {
    if (event.type === "done" || event.type === "error") return event;
  }
  return { type: "error", code: "lesson:generation-failed" };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runGeneration(
  course: ViewerCourseRow,
  lessonId: string,
  options: GenerationOptions,
  emit: (event: GenerationEvent) => void,
): Promise<void> {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? 500;
  for (;;) {
    if (await claimGenerationLease(lessonId, leaseMs, options.regenerate)) {
      await generateUnderLease(course, lessonId, leaseMs, emit, options.regenerate);
      return;
    }
    // Not ours to write: it is written already, or another instance is writing it.
    const state = await leaseState(lessonId);
    if (!state) return emit({ type: "error", code: "course:not-found" });
    if (!state.leased) {
      if (state.theory && !options.regenerate) {
        const lesson = await lessonContent(course.id, lessonId);
        return emit(lesson ? { type: "done", lesson } : { type: "error", code: "course:not-found" });
      }
      continue; // the lease just ended: try to take it
    }
    // Another instance holds the lease: wait for its result.
    while ((await leaseState(lessonId))?.leased) await sleep(pollMs);
    const after = await lessonContent(course.id, lessonId);
    if (after?.theory) return emit({ type: "done", lesson: after });
    if (!after) return emit({ type: "error", code: "course:not-found" });
    // The other instance failed: try ourselves (the loop claims the free lease).
  }
}

async function generateUnderLease(
  course: ViewerCourseRow,
  lessonId: string,
  leaseMs: number,
  emit: (event: GenerationEvent) => void,
  regenerate: boolean,
) {
  const renewal = setInterval(
    () => {
      renewGenerationLease(lessonId, leaseMs).catch((error: unknown) =>
        logger.warn({ err: error, lessonId }, "lease renewal failed"),
      );
    },
    Math.max(1_000, Math.floor(leaseMs / 3)),
  );
  try {
    const [found, outline] = await Promise.all([lessonWithTopic(course.id, lessonId), outlineOf(course.id)]);
    if (!found) return emit({ type: "error", code: "course:not-found" });
    const result = await generateLesson(
      {
        courseTopic: course.mainTopic,
        topicTitle: found.topicTitle,
        lessonTitle: found.lesson.title,
        language: course.lang,
        outline: outline.flatMap((t) => t.lessons.map((l) => l.title)).filter((title) => title !== found.lesson.title),
        courseType: course.type,
        ...(regenerate ? { rewriteId: randomUUID().slice(0, 8) } : {}),
      },
      {
        onDelta: (text) => emit({ type: "delta", text }),
        onRetry: () => emit({ type: "reset" }),
      },
    );
    // A regenerated lesson keeps its media when the new search found none.
    const values = {
      theory: result.html,
      imageUrl: result.image?.url ?? (course.type === "text_image" ? found.lesson.imageUrl : null),
      imageAttribution: result.image?.attribution ?? (result.image ? null : found.lesson.imageAttribution),
      youtubeId: result.youtubeId ?? (course.type === "video_text" ? found.lesson.youtubeId : null),
    };
    await storeGeneratedLesson(lessonId, values);
    emit({ type: "done", lesson: { ...found.lesson, ...values } });
  } catch (error) {
    await releaseGenerationLease(lessonId).catch(() => {});
    logger.warn(
      { lessonId, error: error instanceof Error ? error.message : String(error) },
      "lesson generation failed; nothing stored",
    );
    emit({ type: "error", code: failureCode(error) ?? "lesson:generation-failed" });
  } finally {
    clearInterval(renewal);
  }
}
