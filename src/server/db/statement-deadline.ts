import type { PendingQuery, Row, Sql, TransactionSql } from "postgres";

/**
 * Marks the error of a statement the deadline cancelled (unavailable.ts reads it: `busy`). A
 * brand, not a class: the production bundle may hold two copies of this module.
 */
export const STATEMENT_DEADLINE = Symbol.for("aula.db.statement-deadline");

/** The part of postgres.js's query this needs: it is a promise that runs when first awaited, and can be cancelled. */
type Cancellable = Promise<unknown> & { cancel: () => unknown };

/**
 * The statement timeout, kept by the app rather than by a `statement_timeout` setting, so it
 * holds behind any pooler (decision 032): every statement the pool runs (drizzle sends each one
 * through `unsafe`, in a transaction or not) is cancelled once `ms` have passed since it was
 * issued. A statement already at the server gets PostgreSQL's cancel request (through a pooler
 * too: PgBouncer passes it to the server connection running it), so the server stops it and
 * answers 57014; one still waiting for a free connection leaves the queue. Either way its error
 * carries STATEMENT_DEADLINE. The wait for a connection counts: a request never waits longer
 * than this for one statement, whatever holds it up.
 */
export function withStatementDeadline<S extends Sql | TransactionSql>(sql: S, ms: number): S {
  const unsafe = sql.unsafe;
  sql.unsafe = ((query: string, parameters?: unknown[], options?: unknown) =>
    bounded(unsafe(query, parameters as never, options as never), ms)) as typeof sql.unsafe;
  if ("begin" in sql) {
    const begin = sql.begin as (...args: unknown[]) => Promise<unknown>;
    sql.begin = ((...args: unknown[]) => {
      const body = args.pop() as (tx: TransactionSql) => unknown;
      return begin(...args, (tx: TransactionSql) => body(withStatementDeadline(tx, ms)));
    }) as typeof sql.begin;
  }
  if ("savepoint" in sql) {
    const savepoint = sql.savepoint as (...args: unknown[]) => Promise<unknown>;
    sql.savepoint = ((...args: unknown[]) => {
      const body = args.pop() as (tx: TransactionSql) => unknown;
      return savepoint(...args, (tx: TransactionSql) => body(withStatementDeadline(tx, ms)));
    }) as typeof sql.savepoint;
  }
  return sql;
}

function bounded<T extends PendingQuery<Row[]>>(query: T, ms: number): T {
  const pending = query as unknown as Cancellable;
  let settled = false;
  let expired = false;
  const timer = setTimeout(() => {
    // One turn later: after a stalled event loop the timer runs before the sockets are read, and
    // an answer that came in time must not be cancelled (the cancel would reach the connection's
    // next statement, someone else's).
    setImmediate(() => {
      if (settled) return;
      expired = true;
      // The cancel request opens its own connection; when that fails too, the statement's own
      // connection is failing as well and its error says so.
      void Promise.resolve(pending.cancel()).catch(() => {});
    });
  }, ms);
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
  return query;
}
