import "server-only";
import { Output, parsePartialJson, type LanguageModel } from "ai";
import { z as zod } from "zod";
import { requireLanguageModel } from "@/server/ai/model";
import { aiDeadline, InvalidModelOutputError, runModel, type RetryPolicy } from "@/server/ai/run";
import { markdownToSafeHtml } from "@/server/html/markdown";
import { findImage, type FoundImage } from "@/server/media/images";
import { fetchTranscript, findVideo } from "@/server/media/youtube";
import { logger } from "@/server/logger";
import {
  checkCitations,
  CITE_INSTRUCTION,
  excerptPromptBlock,
  type Citation,
  type Excerpt,
} from "@/features/sources/server";
import { courseLanguageByName, looksWrittenIn } from "./languages";
import { cleanTitle } from "@/lib/clean-title";
import { cleanOutline, outlineInLanguage, parseJsonAnswer, withUserSubtopics } from "./outline";
import { buildImageSearchPrompt } from "./prompts/image-search";
import { buildKeyPointsPrompt } from "./prompts/key-points";
import { buildLessonFromTranscriptPrompt } from "./prompts/lesson-from-transcript";
import { buildLessonTheoryPrompt, type LessonContext } from "./prompts/lesson-theory";
import { buildOutlinePrompt } from "./prompts/outline";
import { buildQuizPrompt } from "./prompts/quiz";
import { buildQuizQuestionRewritePrompt, type QuizQuestionDraft } from "./prompts/quiz-question-rewrite";
import { buildVideoSearchPrompt } from "./prompts/video-search";
import {
  outlineModelSchema,
  quizModelSchema,
  searchPhraseSchema,
  type ModelOutline,
  type ModelQuiz,
  type Outline,
} from "./schemas";

/**
 * The AI engine: every task the model does for a course, each with its prompt, its output
 * check and the shared retry policy (src/server/ai/run.ts). Nothing here touches the database:
 * callers store what it returns, so the viewer can reuse each piece lesson by lesson.
 */
export type EngineOptions = {
  signal?: AbortSignal;
  policy?: Partial<RetryPolicy>;
  /** Tests pass a model; otherwise the configured one (503 `ai:not-configured` without). */
  model?: LanguageModel;
  /** A time budget shared by every model call of one answer (see `aiDeadline`). */
  deadline?: number;
};

async function modelFor(options: EngineOptions): Promise<LanguageModel> {
  return options.model ?? requireLanguageModel();
}

/** Checks a JSON answer against a zod schema; any problem is invalid output (retried). */
function parseWith<S extends zod.ZodType>(schema: S, text: string): zod.infer<S> {
  let value: unknown;
  try {
    value = parseJsonAnswer(text);
  } catch {
    throw new InvalidModelOutputError("the answer is not JSON");
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new InvalidModelOutputError(
      `the answer does not fit the schema at ${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
  }
  return result.data;
}

export type OutlineInput = {
  topic: string;
  subtopics: string[];
  topicCount: number;
  language: string;
  courseType: string;
  /** The learner's material as a digest (sources/digest.ts): the outline covers it (decision 028). */
  material?: string;
};

export type OutlineEvent =
  /** Topic `index` as it stands now (sent again as it grows). */
  | { type: "topic"; index: number; topic: { title: string; subtopics: string[] } }
  /** The last attempt was unusable: what was shown of it must be dropped. */
  | { type: "retry"; attempt: number };

/** Topics from a partial JSON answer, as far as they can be read. */
function partialTopics(value: unknown): { title: string; subtopics: string[] }[] {
  const list = (value as { topics?: unknown })?.topics;
  if (!Array.isArray(list)) return [];
  return list.map((t) => {
    const topic = (t ?? {}) as { title?: unknown; subtopics?: unknown };
    const subtopics = Array.isArray(topic.subtopics) ? topic.subtopics : [];
    return {
      title: typeof topic.title === "string" ? cleanTitle(topic.title) : "",
      subtopics: subtopics
        .map((s) =>
          typeof (s as { title?: unknown })?.title === "string" ? cleanTitle((s as { title: string }).title) : "",
        )
        .filter(Boolean),
    };
  });
}

/** The outline schema and its structured-output spec, built once per topic count (5 or 10). */
const outlineOutputs = new Map<
  number,
  { schema: ReturnType<typeof outlineModelSchema>; output: ReturnType<typeof Output.object<ModelOutline>> }
>();
function outlineOutput(topicCount: number) {
  let entry = outlineOutputs.get(topicCount);
  if (!entry) {
    const schema = outlineModelSchema(topicCount);
    entry = { schema, output: Output.object({ schema, name: "course_outline" }) };
    outlineOutputs.set(topicCount, entry);
  }
  return entry;
}

/**
 * The outline, streamed: `onEvent` sees the topics fill in as the model writes them. The
 * result has exactly `topicCount` topics, every learner subtopic, and the course language's
 * script; anything else is retried, then reported (ModelFailedError).
 */
export async function generateOutline(
  input: OutlineInput,
  options: EngineOptions & { onEvent?: (event: OutlineEvent) => void | Promise<void> } = {},
): Promise<Outline> {
  const model = await modelFor(options);
  const { schema, output } = outlineOutput(input.topicCount);
  const { system, prompt } = buildOutlinePrompt(input);
  const emitTopics = async (topics: { title: string; subtopics: string[] }[]) => {
    for (let index = 0; index < topics.length; index++) {
      const topic = topics[index];
      const key = JSON.stringify(topic);
      if (!topic.title || sent[index] === key) continue;
      sent[index] = key;
      await options.onEvent?.({ type: "topic", index, topic });
    }
  };
  let sent: string[] = [];
  // Reading the partial JSON on every token costs CPU for nothing a person could see: at most every 40 ms.
  let lastParse = 0;
  const outline = await runModel(
    { model, system, prompt, output, temperature: 0.4 },
    {
      task: "outline",
      signal: options.signal,
      policy: options.policy,
      deadline: options.deadline,
      onDelta: async (_delta, textSoFar) => {
        if (!options.onEvent) return;
        const now = performance.now();
        if (now - lastParse < 40) return;
        lastParse = now;
        const { value } = await parsePartialJson(textSoFar);
        await emitTopics(partialTopics(value));
      },
      onRetry: async (attempt) => {
        sent = [];
        await options.onEvent?.({ type: "retry", attempt });
      },
      finish: (text) => {
        const outline = cleanOutline(parseWith(schema, text));
        if (outline.topics.some((t) => !t.title || t.subtopics.length === 0))
          throw new InvalidModelOutputError("an empty title");
        if (!outlineInLanguage(outline, input.language))
          throw new InvalidModelOutputError(`the outline is not in ${input.language}`);
        return withUserSubtopics(outline, input.subtopics);
      },
    },
  );
  // Every topic in its final form (the last tokens may have come between two partial reads).
  await emitTopics(outline.topics);
  return outline;
}

export type LessonText = {
  markdown: string;
  html: string;
  /** The citations the text keeps (decision 027); empty for a lesson written without material. */
  citations: Citation[];
  /** What the citation check found, for the log; null without material. */
  grounding: { paragraphs: number; citedParagraphs: number; dropped: number } | null;
};

/** A lesson's context, with the excerpts of the course's material when it has any. */
export type GroundedLessonContext = LessonContext & { excerpts?: readonly Excerpt[] };

/**
 * The model is given the excerpts with the instruction to cite them by number; what it wrote is
 * then checked (citations.ts): unknown or unrelated citations are dropped, the rest kept as `[^n]`.
 */
function groundedPromptContext<C extends GroundedLessonContext>(context: C): Omit<C, "excerpts"> {
  const { excerpts, ...rest } = context;
  if (!excerpts?.length) return rest;
  return { ...rest, grounding: { instruction: CITE_INSTRUCTION, excerpts: excerptPromptBlock(excerpts) } };
}

/**
 * One lesson's theory in the course language: Markdown streamed through `onDelta` as the model
 * writes it, then converted to sanitized HTML. With a transcript (Video & Text) the lesson is
 * built from it; without, from the titles (SPEC "Video").
 */
export async function writeLesson(
  grounded: GroundedLessonContext & { transcript?: string },
  options: EngineOptions & {
    onDelta?: (delta: string) => void | Promise<void>;
    onRetry?: (attempt: number) => void | Promise<void>;
  } = {},
): Promise<LessonText> {
  const model = await modelFor(options);
  const context = groundedPromptContext(grounded);
  const excerpts = grounded.excerpts ?? [];
  const { system, prompt } = context.transcript?.trim()
    ? buildLessonFromTranscriptPrompt({ ...context, transcript: context.transcript })
    : buildLessonTheoryPrompt(context);
  return runModel(
    { model, system, prompt, temperature: 0.6 },
    {
      task: "lesson",
      signal: options.signal,
      policy: options.policy,
      deadline: options.deadline,
      onDelta: options.onDelta ? (delta) => options.onDelta!(delta) : undefined,
      onRetry: options.onRetry ? (attempt) => options.onRetry!(attempt) : undefined,
      finish: (text) => {
        const markdown = text.trim();
        if (markdown.length < 40) throw new InvalidModelOutputError("the lesson is empty");
        if (!looksWrittenIn(markdown, context.language))
          throw new InvalidModelOutputError(`the lesson is not in ${context.language}`);
        if (excerpts.length === 0) {
          const html = markdownToSafeHtml(markdown);
          if (!html) throw new InvalidModelOutputError("the lesson has no content");
          return { markdown, html, citations: [], grounding: null };
        }
        const checked = checkCitations(markdown, excerpts);
        const html = markdownToSafeHtml(checked.text);
        if (!html) throw new InvalidModelOutputError("the lesson has no content");
        return {
          markdown: checked.text,
          html,
          citations: checked.citations.map(({ n, sourceId, sourceTitle, pageFrom, pageTo, quote }) => ({
            n,
            sourceId,
            sourceTitle,
            pageFrom,
            pageTo,
            quote,
          })),
          grounding: {
            paragraphs: checked.paragraphs,
            citedParagraphs: checked.citedParagraphs,
            dropped: checked.dropped,
          },
        };
      },
    },
  );
}

/** A search phrase for a lesson's image or video; falls back to the titles if the model fails. */
export async function searchPhrase(
  kind: "image" | "video",
  input: { courseTopic: string; lessonTitle: string; language: string },
  options: EngineOptions = {},
): Promise<string> {
  const fallback = `${input.lessonTitle} ${input.courseTopic}`.slice(0, 100);
  try {
    const model = await modelFor(options);
    const { system, prompt } = kind === "image" ? buildImageSearchPrompt(input) : buildVideoSearchPrompt(input);
    // One retry only: a phrase is a nicety, the titles do as well.
    return await runModel(
      {
        model,
        system,
        prompt,
        output: Output.object({ schema: searchPhraseSchema, name: "search_phrase" }),
        temperature: 0.2,
      },
      {
        task: `${kind}-search-phrase`,
        signal: options.signal,
        deadline: options.deadline,
        policy: {
          retries: 1,
          ...options.policy,
          ...(options.policy?.retries !== undefined ? { retries: Math.min(1, options.policy.retries) } : {}),
        },
        finish: (text) => cleanTitle(parseWith(searchPhraseSchema, text).query),
      },
    );
  } catch (error) {
    if (options.signal?.aborted) throw error;
    logger.warn(
      { kind, error: error instanceof Error ? error.message : String(error) },
      "search phrase failed; using the titles",
    );
    return fallback;
  }
}

export type LessonMedia = {
  image: FoundImage | null;
  youtubeId: string | null;
  transcript: string;
};

/** A Text & Image lesson's picture. Never throws: no picture is a valid outcome. */
export async function findLessonImage(
  input: { courseTopic: string; lessonTitle: string; language: string },
  options: EngineOptions = {},
): Promise<FoundImage | null> {
  const phrase = await searchPhrase("image", input, options);
  return (await findImage(phrase)) ?? (await findImage(input.lessonTitle));
}

/** A Video & Text lesson's video and transcript. Never throws. */
export async function findLessonVideo(
  input: { courseTopic: string; lessonTitle: string; language: string },
  options: EngineOptions = {},
): Promise<{ youtubeId: string | null; transcript: string }> {
  const code = courseLanguageByName(input.language)?.code ?? "en";
  const phrase = await searchPhrase("video", input, options);
  const youtubeId = await findVideo(phrase, code);
  if (!youtubeId) return { youtubeId: null, transcript: "" };
  const items = await fetchTranscript(youtubeId, code);
  return { youtubeId, transcript: items.map((i) => i.text).join(" ") };
}

/**
 * A whole lesson: media and theory. Text & Image lessons look for their picture while the
 * text is written; Video & Text lessons need the transcript first, then write from it.
 * Its model calls (search phrase, text) share one time budget, so a lesson ends within it.
 */
export async function generateLesson(
  context: GroundedLessonContext & { courseType: "text_image" | "video_text" },
  lessonOptions: EngineOptions & {
    onDelta?: (delta: string) => void | Promise<void>;
    onRetry?: (attempt: number) => void | Promise<void>;
  } = {},
): Promise<LessonText & LessonMedia> {
  const options = {
    ...lessonOptions,
    deadline: lessonOptions.deadline ?? aiDeadline(lessonOptions.policy?.totalTimeoutMs),
  };
  const mediaInput = { courseTopic: context.courseTopic, lessonTitle: context.lessonTitle, language: context.language };
  if (context.courseType === "video_text") {
    const video = await findLessonVideo(mediaInput, options);
    const text = await writeLesson({ ...context, transcript: video.transcript }, options);
    return { ...text, image: null, youtubeId: video.youtubeId, transcript: video.transcript };
  }
  const [image, text] = await Promise.all([findLessonImage(mediaInput, options), writeLesson(context, options)]);
  return { ...text, image, youtubeId: null, transcript: "" };
}

/** The course quiz (for the quiz issue): validated questions, never stored when invalid. */
export async function generateQuiz(
  input: {
    courseTopic: string;
    topicTitles: string[];
    language: string;
    questionCount: number;
    avoidQuestions?: string[];
    excerpts?: Excerpt[];
  },
  options: EngineOptions = {},
): Promise<ModelQuiz> {
  const model = await modelFor(options);
  const schema = quizModelSchema(input.questionCount, input.topicTitles.length);
  const { system, prompt } = buildQuizPrompt(input);
  return runModel(
    { model, system, prompt, output: Output.object({ schema, name: "course_quiz" }), temperature: 0.3 },
    {
      task: "quiz",
      signal: options.signal,
      policy: options.policy,
      deadline: options.deadline,
      finish: (text) => {
        const quiz = parseWith(schema, text);
        if (!looksWrittenIn(quiz.questions.map((q) => q.question).join(" "), input.language)) {
          throw new InvalidModelOutputError(`the quiz is not in ${input.language}`);
        }
        return quiz;
      },
    },
  );
}

/**
 * One quiz question written again as its author asks (issue 35): validated as the model's
 * questions are, with as many options as it had. No language check: "in Spanish" may be asked.
 */
export async function rewriteQuizQuestion(
  input: { courseTopic: string; language: string; instruction: string; question: QuizQuestionDraft },
  options: EngineOptions = {},
): Promise<QuizQuestionDraft> {
  const model = await modelFor(options);
  const count = input.question.options.length;
  const letters = "abcdef".slice(0, count).split("") as [string, ...string[]];
  const schema = zod.object({
    question: zod.string().trim().min(3).max(500),
    options: zod.array(zod.string().trim().min(1).max(300)).length(count),
    answer: zod.enum(letters),
    explanation: zod.string().trim().min(3).max(500),
  });
  const { system, prompt } = buildQuizQuestionRewritePrompt(input);
  return runModel(
    { model, system, prompt, output: Output.object({ schema, name: "quiz_question" }), temperature: 0.4 },
    {
      task: "quiz",
      signal: options.signal,
      policy: options.policy,
      deadline: options.deadline,
      finish: (text) => {
        const rewritten = parseWith(schema, text);
        if (new Set(rewritten.options.map((o) => o.toLowerCase())).size !== count)
          throw new InvalidModelOutputError("two options are the same");
        return rewritten;
      },
    },
  );
}

/** What a key-points answer must look like; the review feature's drop rules then apply. */
const keyPointsModelSchema = zod.object({
  cards: zod
    .array(
      zod.object({
        front: zod.string().min(1).max(400),
        back: zod.string().min(1).max(400),
        sentence: zod.string().min(1).max(1000),
      }),
    )
    .min(1)
    .max(8),
});

export type ModelKeyPoint = { front: string; back: string; sentence: string };

/** A lesson's key points as cards (spaced review): validated JSON; whether each is kept is the review feature's rule. */
export async function generateKeyPoints(
  input: { lessonTitle: string; lessonText: string; language: string },
  options: EngineOptions = {},
): Promise<ModelKeyPoint[]> {
  const model = await modelFor(options);
  const { system, prompt } = buildKeyPointsPrompt(input);
  const answer = await runModel(
    {
      model,
      system,
      prompt,
      output: Output.object({ schema: keyPointsModelSchema, name: "key_point_cards" }),
      temperature: 0.2,
    },
    {
      task: "key-points",
      signal: options.signal,
      policy: options.policy,
      deadline: options.deadline ?? aiDeadline(),
      finish: (text) => parseWith(keyPointsModelSchema, text),
    },
  );
  return answer.cards;
}
