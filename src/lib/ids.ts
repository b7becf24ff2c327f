/** The text of a UUID, the shape of every id the database makes (for patterns that embed one). */
export const UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const UUID = new RegExp(`^${UUID_PATTERN}$`, "i");

/** Checked before an id reaches a query: anything else cannot name a row (and would make PostgreSQL fail). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
