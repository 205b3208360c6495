import { sql, type Kysely } from 'kysely';

/**
 * Carry-over counts only months that had a budget, so every budget needs a history from the
 * month it was set. Budgets set before that (a category created with one, a monthly budget never
 * changed since budget_months came) get one from the month their category or account was
 * created. A budget "since always" (1970-01-01, the old stand-in for a budget whose start was
 * unknown) starts there too: none inherits what was spent before it could exist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // [where the scope's rows are, its owner table, the owner's month of creation]
  const scopes = [
    { rows: sql`b.category_id = o.id`, owner: sql`categories`, budget: sql`o.budget_cents`, ownerKey: sql`o.id` },
    { rows: sql`b.category_id IS NULL AND b.user_id = o.user_id`, owner: sql`profiles`, budget: sql`o.monthly_budget_cents`, ownerKey: sql`NULL::uuid` },
  ];
  for (const { rows, owner, budget, ownerKey } of scopes) {
    const created = sql`date_trunc('month', o.created_at)::date`;
    await sql`
      INSERT INTO budget_months (user_id, category_id, month, budget_cents)
      SELECT o.user_id, ${ownerKey}, ${created}, ${budget} FROM ${owner} o
      WHERE ${budget} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM budget_months b WHERE ${rows})`.execute(db);
    // A "since always" row already followed by one from the owner's first month on says nothing.
    await sql`
      DELETE FROM budget_months b USING ${owner} o
      WHERE b.month = '1970-01-01' AND ${rows}
        AND EXISTS (SELECT 1 FROM budget_months l WHERE l.user_id = b.user_id
          AND coalesce(l.category_id::text, '') = coalesce(b.category_id::text, '')
          AND l.month > '1970-01-01' AND l.month <= ${created})`.execute(db);
    await sql`UPDATE budget_months b SET month = ${created} FROM ${owner} o WHERE b.month = '1970-01-01' AND ${rows}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The rows it wrote are the budgets' history as it should have been; nothing to undo.
}
