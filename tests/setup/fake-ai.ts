/**
 * The fake model (and, when asked, the fake media APIs) for a Jest file: started before its
 * first test and wired in through the same settings a deployer uses, reset to an instant model
 * before each test, closed after the last. Reach them through the getters once tests run.
 */
import { setAiConfigForTests } from "@/server/ai/model";
import { startFakeMedia, type FakeMedia } from "../fakes/media";
import { startFakeModel, type FakeModel, type RecordedRequest } from "../fakes/openai-compatible";
import { resetSettings } from "./settings";

export function useFakeAi(options: { media?: boolean; configure?: boolean } = {}) {
  const { media: withMedia = true, configure = true } = options;
  let model: FakeModel | undefined;
  let media: FakeMedia | undefined;
  beforeAll(async () => {
    [model, media] = await Promise.all([
      startFakeModel({ charsPerToken: 24 }),
      withMedia ? startFakeMedia() : Promise.resolve(undefined),
    ]);
    if (media) Object.assign(process.env, media.env);
    resetSettings();
    if (configure)
      setAiConfigForTests({
        provider: "openai-compatible",
        model: model.model,
        baseURL: model.baseURL,
        source: "AI_PROVIDER",
      });
  });
  afterAll(async () => {
    if (configure) setAiConfigForTests(undefined);
    await Promise.all([model?.close(), media?.close()]);
  });
  beforeEach(() => {
    model?.reset();
    model?.configure({ firstTokenDelayMs: 0, tokensPerSecond: 0 });
  });
  return {
    model: () => {
      if (!model) throw new Error("the fake model starts in beforeAll");
      return model;
    },
  };
}

/**
 * The model's lesson-writing calls for one lesson: every lesson prompt lists the course's other
 * titles too, so a lesson is matched as the prompt's data block names it (media searches ask for JSON).
 */
export function lessonCalls(model: FakeModel, title: string): RecordedRequest[] {
  const named = `"lesson": ${JSON.stringify(title)}`;
  return model.requests.filter((r) => !r.responseFormat && r.messages.some((m) => m.content.includes(named)));
}
