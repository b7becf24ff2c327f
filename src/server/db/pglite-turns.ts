import type { PGlite } from "@electric-sql/pglite";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs in this thread, and its one connection passes from a finished statement to the
 * next waiting one in promise callbacks. Under load those never end: each request's next
 * statement is queued before the last one is done, Node never gets back to its sockets, and a
 * request that needs the network to go on (its response written, the next request read) waits
 * until the whole queue is empty: seconds, at 50 connections. Each statement (and transaction)
 * therefore starts in its own event-loop turn, in the order asked: one statement per waiting
 * request per turn, then the sockets. Statements inside a transaction run without a break, so
 * a transaction holds the connection only as long as its own statements take.
 */
export function statementsTakeTurns(client: PGlite): PGlite {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = async (...args: Parameters<typeof query>) => {
    await nextTurn();
    return query(...args);
  };
  client.exec = async (...args: Parameters<typeof exec>) => {
    await nextTurn();
    return exec(...args);
  };
  client.transaction = async <T>(callback: Parameters<typeof transaction<T>>[0]) => {
    await nextTurn();
    return transaction<T>(callback);
  };
  return client;
}
