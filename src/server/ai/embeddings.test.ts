import { createEmbeddingModel } from "./embeddings";

const idOf = (model: unknown) => (model as { modelId?: string } | null)?.modelId;

describe("embedding models", () => {
  it("come from the provider that has them, and Anthropic has none", () => {
    const base = { model: "m", source: "AI_PROVIDER" as const, apiKey: "k" };
    expect(createEmbeddingModel({ ...base, provider: "anthropic" }, "e")).toBeNull();
    for (const provider of ["openai", "google"] as const)
      expect(idOf(createEmbeddingModel({ ...base, provider }, "e"))).toBe("e");
    expect(
      idOf(createEmbeddingModel({ ...base, provider: "openai-compatible", baseURL: "http://127.0.0.1:1/v1" }, "e")),
    ).toBe("e");
  });
});
