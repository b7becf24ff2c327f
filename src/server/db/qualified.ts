import { getTableName, sql, type Column, type SQL, type Table } from "drizzle-orm";

/**
 * A column named with its table. Drizzle leaves the table out in a one-table select, and a
 * correlated subquery then reads its own table's column of that name instead of the outer one.
 */
export function qualified(table: Table, column: Column): SQL {
  return sql.raw(`"${getTableName(table)}"."${column.name}"`);
}
