import type { Sql } from "postgres";

/** PostgreSQL type ids (pg_type.oid) whose parameters drizzle hands to postgres.js untouched. */
const TIMESTAMPTZ = 1184;
const JSON_TYPE = 114;
const JSONB = 3802;

/**
 * Parameters sent as PGlite sends them, so a statement that works on one database works on the
 * other (decision 032). drizzle-orm's postgres.js driver makes the serializers of the date and
 * JSON types pass values through, because its own column encoders have already turned them into
 * text. A value in a raw `sql` fragment (or compared with an expression rather than a column)
 * meets no encoder: postgres.js types a JavaScript Date as timestamptz and then fails to write
 * it ("The "string" argument must be of type string"), and an object bound to a json(b)
 * parameter fails the same way, where PGlite sends the Date's ISO text and the object's JSON.
 * Text stays as it is: it is what the column encoders produce.
 */
export function serializeAsPglite(client: Sql): void {
  const serializers = client.options.serializers as Record<number, (value: unknown) => unknown>;
  serializers[TIMESTAMPTZ] = (value) => (value instanceof Date ? value.toISOString() : value);
  const json = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
  serializers[JSON_TYPE] = json;
  serializers[JSONB] = json;
}
