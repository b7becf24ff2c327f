import "server-only";
import { getEmbedder } from "@/server/ai/embeddings";
import { enqueueJob, registerJobHandler, runJobSoon, type JobContext } from "@/server/jobs";
import { logger } from "@/server/logger";
import { chunksWithoutVector, storeVectors } from "./vector-queries";
import { validVectors } from "./vectors";

/**
 * `source.embed`: a ready source's chunks get vectors from EMBEDDING_MODEL, a batch at a time,
 * after ingestion stored them, so the source is ready (and searchable by words) first and
 * nothing waits for this. A batch already stored survives a retry or a takeover: the next
 * attempt embeds only the chunks still without a vector. A model failing for a passing reason
 * (429, 5xx, timeouts) is tried again by the engine; an answer of the wrong shape ends the job.
 */

const SOURCE_EMBED = "source.embed";

/** Chunks per call: providers accept far more, this keeps each call and each write short. */
const BATCH = 64;

class BadEmbeddings extends Error {}

async function embedJob({ job, signal, stillOwned }: JobContext): Promise<void> {
  const embedder = await getEmbedder();
  if (!embedder) return;
  for (;;) {
    const chunks = await chunksWithoutVector(job.subject, embedder.name, BATCH);
    if (chunks.length === 0) return;
    const vectors = await embedder.embed(
      chunks.map((c) => c.text),
      signal,
    );
    if (!validVectors(vectors, chunks.length)) throw new BadEmbeddings("the embedding model answered an unusable list");
    if (!(await stillOwned())) return;
    await storeVectors(
      job.subject,
      embedder.name,
      chunks.map((c, i) => ({ chunkId: c.id, vector: vectors[i] })),
    );
  }
}

export function registerEmbedJob(): void {
  registerJobHandler(SOURCE_EMBED, embedJob, { maxAttempts: 5 });
}

/** After a source is ready: its vectors, when an embedding model is set. */
export async function queueEmbeddings(sourceId: string, userId: string): Promise<void> {
  if (!(await getEmbedder())) return;
  try {
    const job = await enqueueJob({ kind: SOURCE_EMBED, subject: sourceId, payload: {}, userId });
    runJobSoon(job.id);
  } catch (error) {
    // The words are searchable already: a missing vector only means words alone rank it.
    logger.warn({ err: error, sourceId }, "could not queue the source's embeddings");
  }
}
