import { sql, type RawBuilder } from 'kysely';

/**
 * A DATE column as 'YYYY-MM-DD' text. Selected this way so calendar dates never become JS Dates
 * (PGlite's DATE parser option is not applied by PGlite 0.5, so the driver cannot be relied on).
 */
export function dateText(column: string): RawBuilder<string> {
  return sql<string>`${sql.ref(column)}::text`;
}
