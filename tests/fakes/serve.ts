/**
 * Starts the fake model and media servers as one process, for the e2e server, `npm run demo`
 * and the benchmark. Ports come from FAKES_BASE_PORT (model on it, media on the next four) or
 * are ephemeral; the model's pace from FAKE_FIRST_TOKEN_MS and FAKE_TOKENS_PER_SECOND.
 * Prints one JSON line with the settings that wire the app to them, then runs until stopped.
 */
import { startFakeMedia } from "./media";
import { startFakeModel } from "./openai-compatible";

async function main() {
  const base = process.env.FAKES_BASE_PORT ? Number(process.env.FAKES_BASE_PORT) : undefined;
  const model = await startFakeModel({
    port: base,
    firstTokenDelayMs: Number(process.env.FAKE_FIRST_TOKEN_MS ?? 0),
    tokensPerSecond: Number(process.env.FAKE_TOKENS_PER_SECOND ?? 0),
  });
  const media = await startFakeMedia(
    base ? { unsplash: base + 1, pexels: base + 2, wikimedia: base + 3, youtube: base + 4 } : {},
  );
  const env = {
    AI_PROVIDER: "openai-compatible",
    OPENAI_BASE_URL: model.baseURL,
    AI_MODEL: model.model,
    UNSPLASH_ACCESS_KEY: "fake-unsplash-key",
    PEXELS_API_KEY: "fake-pexels-key",
    ...media.env,
  };
  console.log(JSON.stringify({ ready: true, modelUrl: model.url, env }));
  const stop = async () => {
    await Promise.all([model.close(), media.close()]);
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
