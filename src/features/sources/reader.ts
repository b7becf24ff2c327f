import "server-only";
import { fileURLToPath } from "node:url";
import { Worker, type ResourceLimits } from "node:worker_threads";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { SourceFailure } from "./failure";
import type { Inspected, InspectTask, ReaderMessage, ReaderTask, ReadResult, ReadTask } from "./reading";

/**
 * Reading material runs off the server's event loop (decision 029): every task (checking an
 * upload's bytes, reading a source into chunks) is a worker thread of its own, with a deadline
 * (SOURCE_READ_TIMEOUT_MS) and a heap limit (SOURCE_READ_MEMORY_MB). A task that passes either is
 * stopped and fails with its own code (`source:read-timeout`, `source:read-memory`); whatever a
 * file does to the reader, the server keeps answering.
 *
 * At most MAX_READERS workers run in a process; the others wait their turn, a request's check
 * ahead of a job's reading (a learner is waiting for the answer).
 */

/** Workers one process runs at once: each may hold its heap limit, and the machine has other work. */
const MAX_READERS = 2;

type Waiter = { urgent: boolean; start: () => void };
type Readers = { running: number; waiting: Waiter[] };

// On globalThis: Next bundles the routes and instrumentation.ts (the job worker) apart, each with
// its own copy of this module, and they must share one count.
const holder = globalThis as unknown as { __aulaSourceReaders?: Readers };
const readers = (): Readers => (holder.__aulaSourceReaders ??= { running: 0, waiting: [] });

function acquire(urgent: boolean): Promise<void> {
  const state = readers();
  if (state.running < MAX_READERS) {
    state.running++;
    return Promise.resolve();
  }
  return new Promise((start) => {
    const waiter = { urgent, start };
    const firstJob = state.waiting.findIndex((w) => !w.urgent);
    if (urgent && firstJob >= 0) state.waiting.splice(firstJob, 0, waiter);
    else state.waiting.push(waiter);
  });
}

function release(): void {
  const state = readers();
  const next = state.waiting.shift();
  // The slot passes straight to the next in line, so `running` stays the number of workers.
  if (next) next.start();
  else state.running--;
}

function startWorker(task: ReaderTask): Worker {
  const settings = env();
  const resourceLimits: ResourceLimits = { maxOldGenerationSizeMb: settings.SOURCE_READ_MEMORY_MB };
  const options = { workerData: task, resourceLimits };
  // Under Next (NEXT_RUNTIME is set in its server bundles), this `new Worker(new URL(...))` is
  // what makes it bundle read-worker.ts as a chunk of its own and point the worker at it, in
  // `.next` and in `.next/standalone` alike.
  if (process.env.NEXT_RUNTIME) return new Worker(new URL("./read-worker.ts", import.meta.url), options);
  // Outside Next (Jest, tsx scripts) the worker runs the TypeScript sources through tsx.
  const entry = fileURLToPath(import.meta.url).replace(/reader\.ts$/, "read-worker.ts");
  return new Worker(`require("tsx/cjs/api").register(); require(${JSON.stringify(entry)});`, {
    ...options,
    eval: true,
  });
}

type RunOptions = {
  /** A request waiting for the answer: served before jobs. */
  urgent: boolean;
  onProgress?: (read: number, total: number) => Promise<void> | void;
  /** Stops the worker (the job lost its lease); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
};

async function run<T>(task: ReaderTask, { urgent, onProgress, signal }: RunOptions): Promise<T> {
  await acquire(urgent);
  let stopped: Promise<unknown> = Promise.resolve();
  try {
    signal?.throwIfAborted();
    return await new Promise<T>((resolve, reject) => {
      const worker = startWorker(task);
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        signal?.removeEventListener("abort", onAbort);
        stopped = worker.terminate();
        outcome();
      };
      const limitMs = env().SOURCE_READ_TIMEOUT_MS;
      const deadline = setTimeout(() => {
        logger.warn(
          { op: task.op, kind: task.kind, bytes: task.bytes.byteLength, limitMs },
          "reading a source passed its deadline",
        );
        settle(() => reject(new SourceFailure("source:read-timeout")));
      }, limitMs);
      const onAbort = () => settle(() => reject(signal!.reason));
      signal?.addEventListener("abort", onAbort, { once: true });
      worker.on("message", (message: ReaderMessage) => {
        switch (message.type) {
          case "progress":
            // Progress is shown, not relied on: a failed write of it must not fail the reading.
            void Promise.resolve(onProgress?.(message.read, message.total)).catch(() => {});
            return;
          case "done":
            return settle(() => resolve(message.result as T));
          case "failed":
            return settle(() => reject(new SourceFailure(message.code, message.kind)));
          case "crashed":
            logger.error(
              { op: task.op, kind: task.kind, err: message.message },
              "reading a source failed unexpectedly",
            );
            return settle(() => reject(new SourceFailure("source:unreadable")));
        }
      });
      worker.on("error", (error: Error & { code?: string }) => {
        const memory = error.code === "ERR_WORKER_OUT_OF_MEMORY";
        if (memory)
          logger.warn(
            { op: task.op, kind: task.kind, bytes: task.bytes.byteLength },
            "reading a source passed its memory limit",
          );
        else logger.error({ op: task.op, kind: task.kind, err: error }, "the reading worker failed");
        settle(() => reject(new SourceFailure(memory ? "source:read-memory" : "source:unreadable")));
      });
      worker.on("exit", (code) =>
        settle(() => reject(new SourceFailure("source:unreadable", undefined, `the reading worker exited (${code})`))),
      );
    });
  } finally {
    // The slot is free once the worker is gone, not merely asked to go.
    await stopped.catch(() => {});
    release();
  }
}

/** An upload's bytes checked in a worker (intake.ts `inspectBytes`): its kind and pages, or a SourceFailure. */
export function inspectInWorker(task: Omit<InspectTask, "op">): Promise<Inspected> {
  return run<Inspected>({ op: "inspect", ...task }, { urgent: true });
}

/** A source read into chunks in a worker (reading.ts `read`), or a SourceFailure. */
export function readInWorker(
  task: Omit<ReadTask, "op">,
  options: Pick<RunOptions, "onProgress" | "signal"> = {},
): Promise<ReadResult> {
  return run<ReadResult>({ op: "read", ...task }, { urgent: false, ...options });
}
