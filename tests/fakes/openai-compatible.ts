/**
 * A fake OpenAI-compatible model server: POST /v1/chat/completions (JSON and SSE streaming),
 * POST /v1/embeddings (fake-embeddings.ts), GET /v1/models, and Ollama's GET /api/tags (so the app's Ollama probe finds it).
 *
 * It honours `response_format: { type: "json_schema" }` by writing a JSON value that fits the
 * schema, in the script of the language the prompt asks for; other requests get Markdown.
 * It can be scripted (in-process, or over HTTP at /__fake/*) to answer 429 or 500, time out,
 * write malformed JSON, cut the stream half-way, or ignore the learner's subtopics; a rule can
 * be limited to prompts containing a marker, so parallel tests do not disturb each other.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { embeddingsResponse, type EmbeddingCalls } from "./fake-embeddings";
import { FakeWriter, hashString } from "./fake-text";
import { groundedChatAnswer, groundOutline, groundQuiz } from "./grounded";
import { MATH_CODE_LESSON } from "./math-code";
import { groundedLessonMarkdown, isGroundedLessonPrompt } from "./grounded-lesson";

type FakeBehaviour =
  | "ok"
  | "status-429"
  | "status-500"
  | "status-401"
  /** Accepts the request and never answers. */
  | "hang"
  /** Answers JSON tasks with text that is not JSON; text tasks with nothing. */
  | "malformed"
  /** Valid JSON that breaks the task's rules (one topic too few). */
  | "wrong-count"
  /** Streams part of the answer, then drops the connection. */
  | "cut"
  /** A valid outline that leaves out the learner's subtopics. */
  | "ignore-subtopics"
  /** Answers in English whatever language was asked for. */
  | "wrong-language"
  /** Text tasks (lessons, chat answers) get the lesson with formulas and code of ./math-code.ts. */
  | "math-code"
  /** A quiz asked to avoid earlier questions (`avoidQuestions`) asks the first of them again. */
  | "repeat-avoided"
  /** A quiz whose second question is its first again. */
  | "repeat-within";

type FakeRule = {
  behaviour: FakeBehaviour;
  /** Applies only to requests whose messages contain this text. */
  match?: string;
  /** How many matching requests the rule applies to (default: all). */
  times?: number;
  /**
   * Streaming speed for the matching requests, in place of the configured one: a test that must
   * see an answer while it streams slows just its own, whatever the machine's load.
   */
  tokensPerSecond?: number;
};

export type FakeModelOptions = {
  port?: number;
  host?: string;
  /** Delay before the first token (streaming) or the whole answer. */
  firstTokenDelayMs?: number;
  /** Streaming speed after the first token; 0 = as fast as possible. */
  tokensPerSecond?: number;
  /** Characters per streamed token (about 4 for English with real tokenizers). */
  charsPerToken?: number;
  model?: string;
  /** Length of the vectors POST /v1/embeddings answers (256 by default; real models: 768 to 3072). */
  embeddingDimensions?: number;
};

type ChatRequest = {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: unknown }[];
  response_format?: { type: string; json_schema?: { name?: string; schema?: JsonSchema } };
};

export type RecordedRequest = {
  at: number;
  stream: boolean;
  model?: string;
  responseFormat?: ChatRequest["response_format"];
  messages: { role: string; content: string }[];
  behaviour: FakeBehaviour;
  /** The whole answer was sent (false while streaming, and for a call cut off or abandoned by its client). */
  completed: boolean;
  /** When the whole answer was sent (Date.now()), for the model's own busy time in bench:jobs. */
  finishedAt?: number;
};

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  $ref?: string;
  definitions?: Record<string, JsonSchema>;
  $defs?: Record<string, JsonSchema>;
};

export type FakeModel = {
  url: string;
  /** What OPENAI_BASE_URL should be. */
  baseURL: string;
  model: string;
  script: (rule: FakeRule) => void;
  reset: () => void;
  configure: (options: Pick<FakeModelOptions, "firstTokenDelayMs" | "tokensPerSecond" | "charsPerToken">) => void;
  requests: RecordedRequest[];
  /** POST /v1/embeddings: calls and texts embedded; `failNext` answers that many calls with 503. */
  embeddings: EmbeddingCalls;
  close: () => Promise<void>;
};

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content.map((p) => (typeof p === "object" && p && "text" in p ? String(p.text) : "")).join("");
  return "";
}

/** The data block the app's prompts carry: `"language": "…"`, `"topic": "…"`, `"subtopics": […]`. */
function promptFacts(prompt: string) {
  const field = (name: string) => prompt.match(new RegExp(`"${name}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`))?.[1];
  const unescape = (v: string | undefined) => (v === undefined ? undefined : (JSON.parse(`"${v}"`) as string));
  let subtopics: string[] = [];
  const list = prompt.match(/"subtopics"\s*:\s*(\[[^\]]*\])/)?.[1];
  if (list) {
    try {
      subtopics = (JSON.parse(list) as unknown[]).filter((s): s is string => typeof s === "string");
    } catch {
      subtopics = [];
    }
  }
  return {
    language: unescape(field("language")),
    topic: unescape(field("topic")) ?? unescape(field("courseTopic")),
    lesson: unescape(field("lesson")),
    subtopics,
  };
}

function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split("/").pop()!;
  return (root.$defs ?? root.definitions ?? {})[name] ?? {};
}

/** A value that fits the JSON schema, with text from the writer. */
function valueFor(
  schema: JsonSchema,
  root: JsonSchema,
  writer: FakeWriter,
  key: string,
  facts: ReturnType<typeof promptFacts>,
): unknown {
  schema = resolveRef(schema, root);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return writer.pick(schema.enum);
  if (schema.anyOf)
    return valueFor(schema.anyOf.find((s) => s.type !== "null") ?? schema.anyOf[0], root, writer, key, facts);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(schema.properties ?? {}))
        out[name] = valueFor(child, root, writer, name, facts);
      return out;
    }
    case "array": {
      const min = schema.minItems ?? 1;
      const max = schema.maxItems ?? Math.max(min, 4);
      const count = Math.max(min, Math.min(max, 4));
      return Array.from({ length: count }, () => valueFor(schema.items ?? {}, root, writer, key, facts));
    }
    case "integer":
    case "number":
      // A bounded index (a quiz question's topic): any value in range, as a model would pick.
      if (schema.minimum !== undefined && schema.maximum !== undefined && schema.maximum > schema.minimum)
        return writer.pick(Array.from({ length: schema.maximum - schema.minimum + 1 }, (_, i) => schema.minimum! + i));
      return schema.minimum ?? 1;
    case "boolean":
      return false;
    default: {
      let text: string;
      if (/query|search|keyword|term/i.test(key)) text = `${facts.lesson ?? facts.topic ?? writer.word()}`.slice(0, 80);
      else if (/title|name|question|option|answer/i.test(key)) text = writer.label(3);
      else text = writer.sentence();
      if (schema.maxLength && text.length > schema.maxLength) text = text.slice(0, schema.maxLength);
      while (schema.minLength && text.length < schema.minLength) text += ` ${writer.word()}`;
      return text;
    }
  }
}

/** Puts the learner's subtopics into an outline-shaped value, as a good model does. */
function includeSubtopics(value: unknown, subtopics: string[]): void {
  const topics = (value as { topics?: { subtopics?: { title?: string }[] }[] })?.topics;
  if (!Array.isArray(topics) || topics.length === 0) return;
  subtopics.forEach((title, i) => {
    const topic = topics[i % topics.length];
    if (Array.isArray(topic.subtopics) && topic.subtopics.length > 0) {
      const slot = Math.floor(i / topics.length) % topic.subtopics.length;
      topic.subtopics[slot] = { ...topic.subtopics[slot], title };
    }
  });
}

/** The questions a retest's prompt says were asked before. */
function avoidedQuestions(prompt: string): string[] {
  const list = prompt.match(/"avoidQuestions"\s*:\s*(\[(?:[^\]"]|"(?:[^"\\]|\\.)*")*\])/)?.[1];
  if (!list) return [];
  try {
    return (JSON.parse(list) as unknown[]).filter((q): q is string => typeof q === "string");
  } catch {
    return [];
  }
}

/** What a review lesson's heading starts with, so tests can tell it was asked as one. */
export const REVIEW_LESSON_MARK = "↻";

/**
 * A lesson's key points (the review feature's `key_points_request`) as a good model writes
 * them: for each of the lesson's first sentences of 8 words or more, the front is its opening
 * with a blank and the back its last words, the sentence copied. One more card cites a sentence
 * the lesson does not have, as models sometimes do, for the drop rules to catch.
 */
function keyPointsAnswer(prompt: string): string | undefined {
  const block = prompt.match(/<key_points_request>\n([\s\S]*?)\n<\/key_points_request>/);
  if (!block) return undefined;
  const data = JSON.parse(block[1]) as { text?: string };
  const sentences = (data.text ?? "")
    .split(/(?<=[.!?。])\s+/)
    .map((sentence) => sentence.replace(/\s+/g, " ").trim())
    .filter((sentence) => sentence.split(" ").length >= 8);
  const cards = sentences.slice(0, 4).map((sentence) => {
    const words = sentence.replace(/[.!?。]$/, "").split(" ");
    return { front: `${words.slice(0, -3).join(" ")} …?`, back: words.slice(-3).join(" "), sentence };
  });
  cards.push({
    front: "What does the lesson never say?",
    back: "Something made up",
    sentence: "A sentence no lesson has.",
  });
  return JSON.stringify({ cards });
}

/** A JSON answer to a prompt with the learner's material: made from it (./grounded.ts). */
function groundedValue(prompt: string, value: unknown): void {
  if (prompt.includes("<material>")) groundOutline(prompt, value);
  if (prompt.includes("<excerpts>")) groundQuiz(prompt, value);
}

function answerFor(request: ChatRequest, behaviour: FakeBehaviour): string {
  const prompt = (request.messages ?? []).map((m) => textOf(m.content)).join("\n");
  const keyPoints = behaviour === "ok" ? keyPointsAnswer(prompt) : undefined;
  if (keyPoints) return keyPoints;
  const facts = promptFacts(prompt);
  const writer = new FakeWriter(behaviour === "wrong-language" ? "English" : facts.language, hashString(prompt));
  const format = request.response_format;
  if (format?.type === "json_schema" || format?.type === "json_object") {
    if (behaviour === "malformed") return '{"topics": [{"title": "unterminated", "subtopics": [}, oops';
    const schema = format.json_schema?.schema ?? { type: "object", properties: { answer: { type: "string" } } };
    const value = valueFor(schema, schema, writer, "", facts);
    if (behaviour === "ok") groundedValue(prompt, value);
    if (behaviour !== "ignore-subtopics") includeSubtopics(value, facts.subtopics);
    if (behaviour === "wrong-count") {
      const topics = (value as { topics?: unknown[] }).topics;
      if (Array.isArray(topics)) topics.pop();
    }
    if (behaviour === "repeat-avoided") {
      const avoid = avoidedQuestions(prompt);
      const questions = (value as { questions?: { question: string }[] }).questions;
      if (avoid[0] && Array.isArray(questions) && questions[0]) questions[0].question = avoid[0];
    }
    if (behaviour === "repeat-within") {
      const questions = (value as { questions?: { question: string }[] }).questions;
      if (Array.isArray(questions) && questions[1]) questions[1].question = questions[0].question;
    }
    return JSON.stringify(value);
  }
  if (behaviour === "malformed") return "";
  if (behaviour === "math-code") return MATH_CODE_LESSON;
  const grounded = behaviour === "ok" ? groundedChatAnswer(prompt) : undefined;
  if (grounded) return grounded;
  const title = facts.lesson ?? facts.topic ?? writer.phrase(3);
  // A review lesson after a failed quiz (its prompt lists the missed questions): its heading says so.
  const heading = prompt.includes('"missedQuestions"') ? `${REVIEW_LESSON_MARK} ${title}` : title;
  // A lesson written from the learner's material (decision 027), a review lesson too: built from
  // the excerpts, citing them.
  if (isGroundedLessonPrompt(prompt)) return groundedLessonMarkdown(prompt, heading, writer);
  return writer.lessonMarkdown(heading);
}

function tokens(text: string, charsPerToken: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += charsPerToken) out.push(chars.slice(i, i + charsPerToken).join(""));
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeModel(options: FakeModelOptions = {}): Promise<FakeModel> {
  const settings = {
    firstTokenDelayMs: options.firstTokenDelayMs ?? 0,
    tokensPerSecond: options.tokensPerSecond ?? 0,
    charsPerToken: options.charsPerToken ?? 4,
  };
  const modelName = options.model ?? "fake-model";
  let rules: (FakeRule & { used: number })[] = [];
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const embeddings: EmbeddingCalls = { calls: 0, inputs: 0, failNext: 0 };

  async function embed(req: IncomingMessage, res: ServerResponse) {
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    embeddings.calls += 1;
    if (embeddings.failNext > 0) {
      embeddings.failNext -= 1;
      return answer(503, { error: { message: "overloaded" } });
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return answer(400, { error: { message: "invalid JSON body" } });
    }
    const response = embeddingsResponse(
      body,
      (body as { model?: string }).model ?? modelName,
      options.embeddingDimensions,
    );
    if (!response) return answer(400, { error: { message: "input must be a string or a list of strings" } });
    embeddings.inputs += (response.data as unknown[]).length;
    answer(200, response);
  }

  function ruleFor(prompt: string): FakeRule {
    const rule = rules.find(
      (r) => (!r.match || prompt.includes(r.match)) && (r.times === undefined || r.used < r.times),
    );
    if (!rule) return { behaviour: "ok" };
    rule.used += 1;
    return rule;
  }

  async function completions(req: IncomingMessage, res: ServerResponse) {
    let request: ChatRequest;
    try {
      request = JSON.parse(await readBody(req)) as ChatRequest;
    } catch {
      res
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "invalid JSON body" } }));
      return;
    }
    const messages = (request.messages ?? []).map((m) => ({ role: m.role, content: textOf(m.content) }));
    const rule = ruleFor(messages.map((m) => m.content).join("\n"));
    const behaviour = rule.behaviour;
    const recorded: RecordedRequest = {
      at: Date.now(),
      stream: Boolean(request.stream),
      model: request.model,
      responseFormat: request.response_format,
      messages,
      behaviour,
      completed: false,
    };
    requests.push(recorded);

    if (behaviour.startsWith("status-")) {
      const status = Number(behaviour.slice("status-".length));
      res.writeHead(status, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ error: { message: `fake model: scripted ${status}`, type: "server_error", code: status } }),
      );
      return;
    }
    if (behaviour === "hang") {
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    const content = answerFor(request, behaviour);
    const id = `chatcmpl-fake-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = {
      prompt_tokens: 10,
      completion_tokens: Math.ceil(content.length / 4),
      total_tokens: 10 + Math.ceil(content.length / 4),
    };
    if (settings.firstTokenDelayMs) await sleep(settings.firstTokenDelayMs);

    if (!request.stream) {
      if (behaviour === "cut") {
        res.socket?.destroy();
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id,
          object: "chat.completion",
          created,
          model: modelName,
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
          usage,
        }),
      );
      recorded.completed = true;
      recorded.finishedAt = Date.now();
      return;
    }

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: modelName, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
    const parts = tokens(content, settings.charsPerToken);
    const cutAt = behaviour === "cut" ? Math.max(1, Math.floor(parts.length / 2)) : Infinity;
    const tokensPerSecond = rule.tokensPerSecond ?? settings.tokensPerSecond;
    const gap = tokensPerSecond > 0 ? 1000 / tokensPerSecond : 0;
    const started = Date.now();
    res.write(chunk({ role: "assistant", content: parts[0] ?? "" }, null));
    for (let i = 1; i < parts.length; i++) {
      if (res.destroyed) return;
      if (i >= cutAt) {
        // Let what was written reach the client, then drop the connection without an end.
        await sleep(50);
        res.socket?.destroy();
        return;
      }
      if (gap) {
        // Paced against the clock, so timer drift does not slow the stream below its rate.
        const due = started + i * gap - Date.now();
        if (due > 0) await sleep(due);
      }
      res.write(chunk({ content: parts[i] }, null));
    }
    if (res.destroyed) return;
    res.write(chunk({}, "stop", { usage }));
    res.end("data: [DONE]\n\n");
    recorded.completed = true;
    recorded.finishedAt = Date.now();
  }

  async function control(req: IncomingMessage, res: ServerResponse, path: string) {
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (path === "/__fake/script" && req.method === "POST") {
      const body = JSON.parse((await readBody(req)) || "{}") as FakeRule | { rules: FakeRule[] };
      for (const rule of "rules" in body ? body.rules : [body]) rules.push({ ...rule, used: 0 });
      return json(200, { ok: true });
    }
    if (path === "/__fake/reset" && req.method === "POST") {
      reset();
      return json(200, { ok: true });
    }
    if (path === "/__fake/config" && req.method === "POST") {
      Object.assign(settings, JSON.parse((await readBody(req)) || "{}"));
      return json(200, settings);
    }
    if (path === "/__fake/requests" && req.method === "GET") return json(200, requests);
    return json(404, { error: "unknown control path" });
  }

  function reset() {
    rules = [];
    requests.length = 0;
    Object.assign(embeddings, { calls: 0, inputs: 0, failNext: 0 });
  }

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const fail = (error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: String(error) } }));
    };
    if (path.startsWith("/__fake/")) return void control(req, res, path).catch(fail);
    if (req.method === "POST" && path === "/v1/chat/completions") return void completions(req, res).catch(fail);
    if (req.method === "POST" && path === "/v1/embeddings") return void embed(req, res).catch(fail);
    if (req.method === "GET" && path === "/v1/models") {
      return void res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ object: "list", data: [{ id: modelName, object: "model", owned_by: "fake" }] }));
    }
    if (req.method === "GET" && path === "/api/tags") {
      return void res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ models: [{ name: modelName, model: modelName }] }));
    }
    res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseURL: `${url}/v1`,
    model: modelName,
    script: (rule) => rules.push({ ...rule, used: 0 }),
    reset,
    configure: (next) => Object.assign(settings, next),
    requests,
    embeddings,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
