import { env } from "@/server/env";

/**
 * A bound on how many reads of one kind run at once in this process. A burst of list requests
 * (50 learners paging their courses) otherwise puts all their queries in the database's queue at
 * once, and everything behind them waits: the health check, a lesson's save. PGlite runs one
 * query at a time, and this machine's PostgreSQL has two cores, so more than a few in flight
 * only lengthen that queue. Callers over the bound wait here, in memory, not in the database.
 */
export type Lane = <T>(read: () => Promise<T>) => Promise<T>;

export function createLane(max: number): Lane {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (read) => {
    if (active < max) active += 1;
    // The slot is handed over by the read that ends (see below), so it is never counted twice.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await read();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

let lists: Lane | undefined;

/** Paged lists (the learner's courses, the admin's tables): LIST_CONCURRENCY at a time per process. */
export const listLane: Lane = (read) => {
  lists ??= createLane(env().LIST_CONCURRENCY);
  return lists(read);
};
