import { startFakeModel, type FakeModel } from "../../../tests/fakes/openai-compatible";
import { AiConfigError, configFromSettings, describeAiConfig, probeOllama } from "./config";

describe("configFromSettings", () => {
  it("is null without AI_PROVIDER", () => {
    expect(configFromSettings({})).toBeNull();
  });

  it("uses each provider's default model and key", () => {
    expect(configFromSettings({ AI_PROVIDER: "openai", OPENAI_API_KEY: "sk-1" })).toMatchObject({
      provider: "openai",
      model: "gpt-4o-mini",
      apiKey: "sk-1",
    });
    expect(configFromSettings({ AI_PROVIDER: "google", GOOGLE_GENERATIVE_AI_API_KEY: "g" })).toMatchObject({
      provider: "google",
      model: "gemini-2.0-flash",
    });
    expect(
      configFromSettings({ AI_PROVIDER: "anthropic", ANTHROPIC_API_KEY: "a", AI_MODEL: "claude-x" }),
    ).toMatchObject({ model: "claude-x" });
    expect(
      configFromSettings({ AI_PROVIDER: "openai-compatible", OPENAI_BASE_URL: "http://h/v1", AI_MODEL: "llama3" }),
    ).toMatchObject({ baseURL: "http://h/v1", model: "llama3" });
  });

  it.each([
    [{ AI_PROVIDER: "openai" as const }, "OPENAI_API_KEY"],
    [{ AI_PROVIDER: "openai-compatible" as const, AI_MODEL: "m" }, "OPENAI_BASE_URL"],
    [{ AI_PROVIDER: "openai-compatible" as const, OPENAI_BASE_URL: "http://h" }, "AI_MODEL"],
    [{ AI_PROVIDER: "google" as const }, "GOOGLE_GENERATIVE_AI_API_KEY"],
    [{ AI_PROVIDER: "anthropic" as const }, "ANTHROPIC_API_KEY"],
  ])("names what is missing for %j", (settings, missing) => {
    expect(() => configFromSettings(settings)).toThrow(AiConfigError);
    expect(() => configFromSettings(settings)).toThrow(missing);
  });

  it("describes provider and model for the log, never a key or URL credentials", () => {
    const config = configFromSettings({
      AI_PROVIDER: "openai-compatible",
      OPENAI_BASE_URL: "https://user:pw@llm.example/v1",
      OPENAI_API_KEY: "sk-secret",
      AI_MODEL: "m",
    });
    const text = JSON.stringify(describeAiConfig(config));
    expect(text).toContain('"aiProvider":"openai-compatible"');
    expect(text).toContain('"aiModel":"m"');
    expect(text).not.toContain("sk-secret");
    expect(text).not.toContain("pw@");
  });
});

describe("probeOllama", () => {
  let fake: FakeModel;
  beforeAll(async () => {
    fake = await startFakeModel({ model: "llama3.2:1b" });
  });
  afterAll(() => fake.close());

  it("uses a local server that lists a model, through its OpenAI-compatible /v1", async () => {
    expect(await probeOllama(fake.url, undefined)).toEqual({
      provider: "openai-compatible",
      model: "llama3.2:1b",
      baseURL: `${fake.url}/v1`,
      source: "ollama-probe",
    });
    expect((await probeOllama(fake.url, "qwen2"))?.model).toBe("qwen2");
  });

  it("is null when nothing answers", async () => {
    expect(await probeOllama("http://127.0.0.1:9", undefined, 500)).toBeNull();
  });
});
