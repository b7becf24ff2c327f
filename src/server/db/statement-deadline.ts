import type { StatementHooks } from "./statement-hooks";

/**
 * Marks the error of a statement the deadline cancelled (unavailable.ts reads it: `busy`). A
 * brand, not a class: the production bundle may hold two copies of this module.
 */
export const STATEMENT_DEADLINE = Symbol.for("aula.db.statement-deadline");

/** The part of postgres.js's query this needs: a promise that runs when first awaited, and can be cancelled. */
type Cancellable = Promise<unknown> & {
  cancel: () => unknown;
  /** postgres.js sets it when the server starts on the statement: the connection's one before it is done. */
  active: boolean;
};

/**
 * The statement timeout, kept by the app rather than by a `statement_timeout` setting, so it
 * holds behind any pooler (decision 032): every statement the pool runs (statement-hooks.ts) is
 * cancelled once the server has been on it for `ms` without an answer, as PostgreSQL's own
 * setting would. Waiting before that (for a free connection, or behind the statements pipelined
 * ahead of it on one) does not count, as it did not: those are bounded the same way. The cancel is PostgreSQL's cancel request, which a pooler
 * passes on (PgBouncer does, to the server connection running it), so the server stops the
 * statement and answers 57014; the error then carries STATEMENT_DEADLINE.
 */
export function statementDeadline(ms: number): StatementHooks {
  return { statement: (statement) => deadline(statement as Cancellable, ms) };
}

function deadline(pending: Cancellable, ms: number): void {
  let settled = false;
  let expired = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    timer ??= setTimeout(() => {
      // One turn later: after a stalled event loop the timer runs before the sockets are read,
      // and an answer that came in time must not be cancelled (the cancel would reach the
      // connection's next statement, someone else's).
      setImmediate(() => {
        if (settled) return;
        expired = true;
        // The cancel request opens its own connection; when that fails too, the statement's own
        // connection is failing as well and its error says so.
        void Promise.resolve(pending.cancel()).catch(() => {});
      });
    }, ms);
  };
  // The clock starts when postgres.js marks the statement active: the server is on it.
  let active = pending.active;
  Object.defineProperty(pending, "active", {
    configurable: true,
    enumerable: true,
    get: () => active,
    set: (value: boolean) => {
      active = value;
      if (value && !settled) start();
    },
  });
  const settle = () => {
    settled = true;
    clearTimeout(timer);
  };
  // Promise.prototype.then, not the query's own: that would start the query here, before the
  // caller has chosen its form (`.values()`). This reaction runs before the caller's, so the
  // error is marked before anyone reads it.
  Promise.prototype.then.call(pending, settle, (error: unknown) => {
    settle();
    if (expired && error !== null && typeof error === "object") {
      Object.defineProperty(error, STATEMENT_DEADLINE, { value: true });
    }
  });
}
