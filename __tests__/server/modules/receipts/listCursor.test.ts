import { sql } from 'kysely';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { categoryId } from './fixtures';
import { RECEIPT_LIST_MAX_OFFSET } from '../../../../src/shared/receipts';

/**
 * GET /receipts pages on by cursor (`after`, from the x-next-cursor header) as well as by
 * offset: the same rows in the same order at any depth, without skipping rows in the database.
 */
let t: TestApp;
let user: TestUser;
const RECEIPTS = 23;
beforeAll(async () => {
  t = await startTestApp();
  user = await t.signUp();
  const food = await categoryId(t, user, 'Food');
  // One statement: every row has the same created_at, and pairs share a date, an amount or a
  // store, so only the id tells some of them apart (the last tie-break).
  await sql`INSERT INTO receipts (user_id, store, date, amount_cents, printed_minor, category_id)
    SELECT ${user.uid}, 'Shop ' || (n % 5), DATE '2025-01-01' + (n % 7), (n % 4) * 100, (n % 4) * 100, ${food}::uuid
    FROM generate_series(1, ${RECEIPTS}) AS n`.execute(t.db.db);
});
afterAll(() => t?.close());

const list = (query: string) => t.request(user, { method: 'GET', url: `/receipts${query}` });
const ids = (res: { json: () => Array<{ id: string }> }) => res.json().map((r) => r.id);

describe('GET /receipts?after=', () => {
  it.each([
    ['date', 'desc'],
    ['date', 'asc'],
    ['amount', 'desc'],
    ['amount', 'asc'],
    ['store', 'asc'],
    ['store', 'desc'],
  ])('reads the same rows by cursor as by offset, sorted by %s %s', async (sort, order) => {
    const whole = ids(await list(`?sort=${sort}&order=${order}&limit=500`));
    expect(whole).toHaveLength(RECEIPTS);
    expect(new Set(whole).size).toBe(RECEIPTS);
    const byCursor: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const res = await list(`?sort=${sort}&order=${order}&limit=5${after ? `&after=${after}` : ''}`);
      expect(res.statusCode).toBe(200);
      byCursor.push(...ids(res));
      after = res.headers['x-next-cursor'] as string | undefined;
      if (!after) break;
    }
    expect(byCursor).toEqual(whole);
  });

  it('gives no cursor on a page shorter than the limit', async () => {
    const res = await list('?limit=500');
    expect(res.headers['x-next-cursor']).toBeUndefined();
    expect(res.headers['access-control-expose-headers']).toContain('x-next-cursor');
  });

  it('starts a cursor page after its row even when rows were added before it', async () => {
    const first = await list('?sort=date&order=asc&limit=5');
    const after = first.headers['x-next-cursor'] as string;
    const before = ids(await list(`?sort=date&order=asc&limit=5&after=${after}`));
    const food = await categoryId(t, user, 'Food');
    // An older receipt lands on the first page; the cursor's page is unchanged by it.
    await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Early', date: '2024-12-01', amount: 1, category: food } });
    expect(ids(await list(`?sort=date&order=asc&limit=5&after=${after}`))).toEqual(before);
    expect((await list('?sort=date&order=asc&limit=1')).json()[0].store).toBe('Early');
  });

  const forged = (parts: string[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
  it.each([
    ['not base64 JSON', 'date', 'bm90IGpzb24'],
    ['a forged id', 'date', forged(['date', 'desc', '2025-01-01', '2025-01-01 00:00:00+00', "1' or '1'='1"])],
    ['a forged key', 'amount', forged(['amount', 'desc', '1; DROP', '2025-01-01 00:00:00+00', '00000000-0000-4000-8000-000000000000'])],
  ])('refuses a cursor that is %s', async (_name, sort, after) => {
    const res = await list(`?sort=${sort}&after=${after}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('after is not a cursor this list gave: start again from the first page');
  });

  it('refuses a cursor of another sort, and a cursor with an offset', async () => {
    const after = (await list('?sort=amount&limit=2')).headers['x-next-cursor'] as string;
    const otherSort = await list(`?sort=store&after=${after}`);
    expect(otherSort.statusCode).toBe(400);
    expect(otherSort.json().message).toBe('after belongs to a list sorted by amount desc: send the same sort and order, or start again');
    const both = await list(`?sort=amount&offset=2&after=${after}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Send either offset or after: a cursor says where the page starts');
  });

  it(`takes no offset past ${RECEIPT_LIST_MAX_OFFSET}: deeper pages are read by cursor`, async () => {
    expect((await list(`?offset=${RECEIPT_LIST_MAX_OFFSET}`)).statusCode).toBe(200);
    const deep = await list(`?offset=${RECEIPT_LIST_MAX_OFFSET + 1}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(`offset must be at most ${RECEIPT_LIST_MAX_OFFSET}`);
  });
});
