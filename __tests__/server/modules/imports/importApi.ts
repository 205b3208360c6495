import { sql } from 'kysely';
import { addDays, startOfMonth } from '../../../../src/shared/calendar';
import type { ImportCommitResult, ImportCommitState, ImportPreview, ImportRowChange } from '../../../../src/shared/imports';
import type { TestApp, TestUser } from '../../helpers';
import { todayUtc } from '../receipts/fixtures';
import { statementForm, type StatementUpload } from './statementForm';

/** Days of this month, so the dashboard's month counts them. */
export const monthStart = startOfMonth(todayUtc());
export const day = (n: number) => addDays(monthStart, n);
/** MM/DD/YYYY and DD/MM/YYYY of a day, as American and British banks print them. */
export const mdy = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
export const dmy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

export const csv = (...lines: string[]) => Buffer.from(lines.join('\r\n'));

/** The import API as a test calls it, on the app `app()` answers (started in a beforeAll). */
export function importApi(app: () => TestApp) {
  const previewRequest = async (user: TestUser, upload: StatementUpload) =>
    app().request(user, { method: 'POST', url: '/api/import/preview', ...(await statementForm(upload)) });

  async function preview(user: TestUser, upload: StatementUpload): Promise<ImportPreview> {
    const res = await previewRequest(user, upload);
    if (res.statusCode !== 200) throw new Error(`preview: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  const commitRequest = (user: TestUser, previewId: string, changes?: ImportRowChange[]) =>
    app().request(user, { method: 'POST', url: '/api/import/commit', payload: { preview_id: previewId, ...(changes ? { changes } : {}) } });

  /** Commits and, when the rows are still being written as the answer comes (202), follows the import to its end as the screen does. */
  async function commit(user: TestUser, previewId: string, changes?: ImportRowChange[]): Promise<ImportCommitResult> {
    const res = await commitRequest(user, previewId, changes);
    if (res.statusCode === 200) return res.json();
    if (res.statusCode !== 202) throw new Error(`commit: ${res.statusCode} ${res.body}`);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const state = (await app().request(user, { method: 'GET', url: `/api/import/commit/${previewId}` })).json() as ImportCommitState;
      if (state.status === 'done') return state.result;
      if (state.status !== 'importing') throw new Error(`commit: ${state.status} ${state.message}`);
    }
  }

  async function receiptsOf(user: TestUser) {
    const { rows } = await sql<{
      store: string;
      date: string;
      currency: string;
      printed_minor: number;
      rate: string | null;
      amount_cents: number;
      imported: boolean;
      payment_method: string;
      store_key: string;
      search_text: string;
      category: string;
    }>`SELECT r.store, r.date::text AS date, r.currency, r.printed_minor, r.rate::text AS rate, r.amount_cents, r.imported, r.payment_method,
              r.store_key, r.search_text, c.name AS category
         FROM receipts r JOIN categories c ON c.id = r.category_id
        WHERE r.user_id = ${user.uid} ORDER BY r.date, r.store`.execute(app().db.db);
    return rows;
  }

  const countOf = async (table: 'receipts' | 'import_rows' | 'import_previews' | 'import_mappings', user: TestUser) =>
    Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE user_id = ${user.uid}`.execute(app().db.db)).rows[0].n);

  return { previewRequest, preview, commitRequest, commit, receiptsOf, countOf };
}
