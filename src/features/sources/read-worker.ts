import { parentPort, workerData } from "node:worker_threads";
import { sourceFailure } from "./failure";
import { inspect, read, type ReaderMessage, type ReaderTask } from "./reading";

/**
 * The reading worker's entry (a worker thread started by reader.ts, one per task): runs the task
 * it was given and posts its progress and its one answer. Bundled by Next as its own chunk (the
 * `new Worker(new URL(...))` in reader.ts); run from the TypeScript sources through tsx in tests.
 */
const post = (message: ReaderMessage) => parentPort!.postMessage(message);

async function main(task: ReaderTask): Promise<void> {
  try {
    const result =
      task.op === "inspect"
        ? await inspect(task)
        : await read(task, (n, total) => post({ type: "progress", read: n, total }));
    post({ type: "done", result });
  } catch (error) {
    const failure = sourceFailure(error);
    post(
      failure
        ? { type: "failed", code: failure.code, kind: failure.kind }
        : { type: "crashed", message: (error as Error)?.stack ?? String(error) },
    );
  }
}

void main(workerData as ReaderTask);
