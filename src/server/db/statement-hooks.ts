import type { Sql, TransactionSql } from "postgres";

type Options = Record<string, unknown>;
export type StatementHooks = {
  /** The options postgres.js gets for the statement. */
  options?: (options: Options) => Options;
  /** Sees the statement postgres.js made (a promise that runs when first awaited), before anyone awaits it. */
  statement?: (statement: object) => void;
};

/**
 * Runs `hooks` on every statement the app sends through this pool: drizzle sends each one through
 * postgres.js's `unsafe`, on the pool, in a transaction (`begin`) and in a savepoint alike.
 * client.ts puts the statement deadline and, behind a transaction pooler, the end of pipelining
 * there; hooks given in turn wrap each other.
 */
export function hookStatements<S extends Sql | TransactionSql>(sql: S, hooks: StatementHooks): S {
  const unsafe = sql.unsafe;
  sql.unsafe = ((query: string, parameters?: unknown[], options?: Options) => {
    const statement = unsafe(query, parameters as never, (hooks.options?.({ ...options }) ?? options) as never);
    hooks.statement?.(statement);
    return statement;
  }) as typeof sql.unsafe;
  for (const method of ["begin", "savepoint"] as const) {
    if (!(method in sql)) continue;
    const original = (sql as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[method];
    (sql as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const body = args.pop() as (tx: TransactionSql) => unknown;
      return original(...args, (tx: TransactionSql) => body(hookStatements(tx, hooks)));
    };
  }
  return sql;
}

/**
 * No statement pipelined behind another on one connection. postgres.js writes the next
 * statement to a busy connection while the first runs; behind a transaction pooler that loses
 * answers: PgBouncer before 1.21 hands the server connection to another client when the first
 * statement ends, and drops what the server then sends for the ones behind it ("got packet from
 * server when not linked"), so they hang (decision 032). Telling postgres.js the connection is
 * full after each statement (its `onexecute` answering false) leaves the next one to a free
 * connection. `begin` keeps its own `onexecute`, which reserves the connection for the
 * transaction (and leaves nothing to pipeline either).
 */
export const noPipelining: StatementHooks = {
  options: (options) => ("onexecute" in options ? options : { ...options, onexecute: () => false }),
};
