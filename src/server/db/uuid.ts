import { sql, type RawBuilder } from 'kysely';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids reach queries from URLs; a text that is not a uuid would make Postgres fail the cast
 * (a 500). Repositories treat such an id as matching nothing.
 */
export function isUuid(text: string): boolean {
  return UUID_RE.test(text);
}

/**
 * A uuid[] value for a query. Sent as one array literal: pg and PGlite serialize JavaScript
 * arrays differently, a literal of checked uuids means the same to both.
 */
export function uuidArray(ids: readonly string[]): RawBuilder<string[]> {
  if (!ids.every(isUuid)) throw new Error('uuidArray: not a uuid');
  return sql<string[]>`${`{${ids.join(',')}}`}::uuid[]`;
}
