import { sql } from 'kysely';
import type { Executor } from '../../db/schema';

interface ForeignKey {
  child: string;
  parent: string;
}

/**
 * Every table of the schema with a user_id column, each before the tables it references, so
 * deleting in this order never trips a foreign key. Read from the catalog, not a list in code:
 * a table added later is covered without anyone remembering this place.
 */
export async function userTablesInDeleteOrder(db: Executor): Promise<string[]> {
  const { rows: tables } = await sql<{ table_name: string }>`
    SELECT c.table_name
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND c.column_name = 'user_id' AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name`.execute(db);
  const { rows: keys } = await sql<ForeignKey>`
    SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint k
    JOIN pg_class child ON child.oid = k.conrelid
    JOIN pg_class parent ON parent.oid = k.confrelid
    WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace AND k.conrelid <> k.confrelid`.execute(db);
  return childrenFirst(
    tables.map((t) => t.table_name),
    keys,
  );
}

/** Orders tables so that a referencing table comes before the one it references (Kahn's algorithm). */
export function childrenFirst(tables: string[], keys: ForeignKey[]): string[] {
  const names = new Set(tables);
  const edges = keys.filter((k) => names.has(k.child) && names.has(k.parent));
  const referencedBy = new Map(tables.map((t) => [t, 0]));
  for (const k of edges) referencedBy.set(k.parent, referencedBy.get(k.parent)! + 1);
  const ready = tables.filter((t) => referencedBy.get(t) === 0);
  const order: string[] = [];
  while (ready.length) {
    const table = ready.shift()!;
    order.push(table);
    for (const k of edges.filter((e) => e.child === table)) {
      const left = referencedBy.get(k.parent)! - 1;
      referencedBy.set(k.parent, left);
      if (left === 0) ready.push(k.parent);
    }
  }
  // A reference cycle (none today) cannot be ordered: those tables go last, in name order.
  return [...order, ...tables.filter((t) => !order.includes(t))];
}

/** Deletes every row of the user in every table; answers the rows removed per table. */
export async function deleteAllUserRows(trx: Executor, userId: string): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const table of await userTablesInDeleteOrder(trx)) {
    const res = await sql`DELETE FROM ${sql.table(table)} WHERE user_id = ${userId}`.execute(trx);
    removed[table] = Number(res.numAffectedRows ?? 0);
  }
  return removed;
}

/** The user's avatar path, read before the rows go (its file is removed after). */
export async function avatarOf(db: Executor, userId: string): Promise<string | null> {
  const row = await db.selectFrom('profiles').select('avatar').where('user_id', '=', userId).executeTakeFirst();
  return row?.avatar ?? null;
}
