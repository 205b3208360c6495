import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt, categoryId, daysAgo, todayUtc, UNKNOWN_ID } from '../receipts/fixtures';
import type { Notification } from '../../../../src/shared/notifications';
import { endOfMonth } from '../../../../src/shared/calendar';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

async function list(user: TestUser, includeRead?: boolean): Promise<Notification[]> {
  const url = includeRead === undefined ? '/notifications' : `/notifications?include_read=${includeRead}`;
  const res = await t.request(user, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function count(user: TestUser): Promise<number> {
  const res = await t.request(user, { method: 'GET', url: '/notifications/count' });
  expect(res.statusCode).toBe(200);
  return res.json().count;
}

const titles = async (user: TestUser) => (await list(user, true)).map((n) => n.title);
const setBudget = (user: TestUser, amount: number) =>
  t.request(user, { method: 'PUT', url: '/api/profile/', payload: { display_name: user.displayName, monthly_budget: amount } });
const thisMonth = () => todayUtc().slice(0, 7);

/** Saves a receipt as the scan screen does (its payload has store_name). */
async function scanReceipt(user: TestUser, store: string, total: number): Promise<{ id: string }> {
  const res = await t.request(user, { method: 'POST', url: '/receipts', payload: { store_name: store, date: todayUtc(), total_amount: total, items: [] } });
  if (res.statusCode !== 201) throw new Error(`scan save failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

describe('a new account', () => {
  it('starts with the welcome tip, unread', async () => {
    const user = await t.signUp();
    const [tip] = await list(user);
    expect(tip).toMatchObject({
      type: 'tip',
      title: 'Welcome to Tally',
      message: 'Scan your first receipt to start tracking your spending.',
      link: '/receipts/scan',
      is_read: false,
    });
    expect(new Date(tip.created_at).toISOString()).toBe(tip.created_at);
    expect(await count(user)).toBe(1);
  });
});

describe('reading', () => {
  it('lists unread newest first by default, read ones on request, and marks one or all read', async () => {
    const user = await t.signUp();
    const a = await scanReceipt(user, 'Alpha', 1);
    const b = await scanReceipt(user, 'Beta', 2.5);
    const unread = await list(user);
    expect(unread.map((n) => n.message)).toEqual([
      'Your receipt from Beta for $2.50 was saved.',
      'Your receipt from Alpha for $1.00 was saved.',
      'Scan your first receipt to start tracking your spending.',
    ]);
    expect(unread[0]).toMatchObject({ type: 'receipt', title: 'Receipt saved', link: `/receipts/${b.id}` });
    expect(unread[1].link).toBe(`/receipts/${a.id}`);
    expect(await count(user)).toBe(3);

    const marked = await t.request(user, { method: 'PUT', url: `/notifications/${unread[1].id}/read` });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: unread[1].id, is_read: true });
    expect(await count(user)).toBe(2);
    expect((await list(user)).map((n) => n.id)).toEqual([unread[0].id, unread[2].id]);
    expect((await list(user, false)).map((n) => n.id)).toEqual([unread[0].id, unread[2].id]);
    expect((await list(user, true)).map((n) => [n.id, n.is_read])).toEqual([
      [unread[0].id, false],
      [unread[1].id, true],
      [unread[2].id, false],
    ]);

    // Marking a read one again changes nothing.
    const again = await t.request(user, { method: 'PUT', url: `/notifications/${unread[1].id}/read` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(marked.json());
    expect(await count(user)).toBe(2);

    const all = await t.request(user, { method: 'PUT', url: '/notifications/read-all' });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ updated: 2 });
    expect(await count(user)).toBe(0);
    expect(await list(user)).toEqual([]);
    expect((await list(user, true)).every((n) => n.is_read)).toBe(true);
    expect((await t.request(user, { method: 'PUT', url: '/notifications/read-all' })).json()).toEqual({ updated: 0 });
  });

  it('keeps each user to their own notifications', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await scanReceipt(a, 'Only A', 10);
    const [mine] = await list(a);
    expect(mine.message).toContain('Only A');
    expect((await list(b, true)).map((n) => n.title)).toEqual(['Welcome to Tally']);

    const res = await t.request(b, { method: 'PUT', url: `/notifications/${mine.id}/read` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Notification not found' });
    expect((await t.request(b, { method: 'PUT', url: '/notifications/read-all' })).json()).toEqual({ updated: 1 });
    expect(await count(a)).toBe(2);
    expect((await list(a))[0].is_read).toBe(false);
  });

  it.each([UNKNOWN_ID, 'not-a-uuid', 'read-all-but-not'])('answers 404 for the id %s', async (id) => {
    const user = await t.signUp();
    const res = await t.request(user, { method: 'PUT', url: `/notifications/${id}/read` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Notification not found');
  });

  it('answers 400 for a bad include_read and 401 without a token', async () => {
    const user = await t.signUp();
    const bad = await t.request(user, { method: 'GET', url: '/notifications?include_read=maybe' });
    expect(bad.statusCode).toBe(400);
    for (const [method, url] of [
      ['GET', '/notifications'],
      ['GET', '/notifications/count'],
      ['PUT', '/notifications/read-all'],
      ['PUT', `/notifications/${UNKNOWN_ID}/read`],
    ] as const) {
      expect((await t.request(null, { method, url })).statusCode).toBe(401);
    }
  });
});

describe('saved receipts', () => {
  it('announces a receipt saved from a scan, not one typed by hand', async () => {
    const user = await t.signUp();
    for (let i = 0; i < 8; i++) await addReceipt(t, user, { store: `Typed ${i}`, amount: 1 });
    expect(await titles(user)).toEqual(['Welcome to Tally']);
    expect(await count(user)).toBe(1);
    const scanned = await scanReceipt(user, 'Scanned Shop', 3);
    const [saved] = await list(user);
    expect(saved).toMatchObject({
      type: 'receipt',
      title: 'Receipt saved',
      message: 'Your receipt from Scanned Shop for $3.00 was saved.',
      link: `/receipts/${scanned.id}`,
    });
    expect(await count(user)).toBe(2);
  });
});

describe('budget thresholds', () => {
  // On a month's last day the forecast is what is already spent, so it never speaks while spending
  // is under 80%: these tests hear the thresholds alone on whatever day they run (when the forecast
  // speaks is forecastEvidence.test.ts's).
  let everyDay: TestApp;
  beforeAll(async () => {
    everyDay = t;
    t = await startTestApp({ FIXED_TIME: `${endOfMonth(todayUtc())}T12:00:00Z` });
  });
  afterAll(async () => {
    await t.close();
    t = everyDay;
  });

  it('warns at 80%, tells exactly 100% as a warning and going over as exceeded, each once a month', async () => {
    const user = await t.signUp();
    expect((await setBudget(user, 100)).statusCode).toBe(200);
    await addReceipt(t, user, { store: 'S1', amount: 79.99 });
    expect(await titles(user)).not.toContain('Budget warning');

    await addReceipt(t, user, { store: 'S2', amount: 0.01 });
    const [warning] = await list(user);
    expect(warning).toMatchObject({ type: 'budget', title: 'Budget warning', link: '/' });
    expect(warning.message).toMatch(/^You've spent \$80\.00 of your \$100\.00 budget for \w+ \d{4} \(80%\)\.$/);

    await addReceipt(t, user, { store: 'S3', amount: 20 });
    expect((await titles(user)).filter((x) => x.startsWith('Budget'))).toEqual(['Budget warning']);

    await addReceipt(t, user, { store: 'S4', amount: 5 });
    const [exceeded] = await list(user);
    expect(exceeded).toMatchObject({ type: 'budget', title: 'Budget exceeded', link: '/' });
    expect(exceeded.message).toMatch(/\$105\.00 of your \$100\.00 budget .*: \$5\.00 over\.$/);

    await addReceipt(t, user, { store: 'S5', amount: 50 });
    expect((await titles(user)).filter((x) => x.startsWith('Budget'))).toEqual(['Budget exceeded', 'Budget warning']);
  });

  it('re-arms thresholds a raised budget no longer crosses, and fires those a lowered one does', async () => {
    const user = await t.signUp();
    await setBudget(user, 100);
    await addReceipt(t, user, { amount: 90 });
    expect((await titles(user)).filter((x) => x.startsWith('Budget'))).toEqual(['Budget warning']);

    // Raised: 90 of 1000 re-arms the warning; the same spending again fires nothing.
    await setBudget(user, 1000);
    expect((await titles(user)).filter((x) => x.startsWith('Budget'))).toEqual(['Budget warning']);
    // Lowered below spending: fires at once, without a new receipt.
    await setBudget(user, 80);
    expect((await titles(user)).filter((x) => x.startsWith('Budget'))).toEqual(['Budget exceeded', 'Budget warning']);
    // Same budget again: nothing is crossed anew.
    await setBudget(user, 80);
    expect((await titles(user)).filter((x) => x.startsWith('Budget'))).toHaveLength(2);
    // Raised to 110: exceeded re-armed, warning still crossed (not told again); going over fires again.
    await setBudget(user, 110);
    await addReceipt(t, user, { amount: 30 });
    expect((await titles(user)).filter((x) => x.startsWith('Budget'))).toEqual(['Budget exceeded', 'Budget exceeded', 'Budget warning']);
  });

  it('ignores receipts of other months and keeps what was sent when receipts change', async () => {
    const user = await t.signUp();
    await setBudget(user, 10);
    await addReceipt(t, user, { amount: 50, date: daysAgo(70) });
    expect((await titles(user)).filter((x) => x.startsWith('Budget'))).toEqual([]);

    const r = await addReceipt(t, user, { amount: 9 });
    expect((await titles(user)).filter((x) => x.startsWith('Budget'))).toEqual(['Budget warning']);
    // An edit that raises the amount crosses 100%.
    const edit = await t.request(user, { method: 'PUT', url: `/receipts/${r.id}`, payload: { store: 'Corner Shop', date: todayUtc(), amount: 12 } });
    expect(edit.statusCode).toBe(200);
    expect((await titles(user)).filter((x) => x.startsWith('Budget'))).toEqual(['Budget exceeded', 'Budget warning']);
    const before = await list(user, true);
    expect((await t.request(user, { method: 'DELETE', url: `/receipts/${r.id}` })).statusCode).toBeLessThan(300);
    expect(await list(user, true)).toEqual(before);
  });
});

describe('category alerts', () => {
  it('warns at 80% and alerts past 100%, once per category per month', async () => {
    const user = await t.signUp();
    const food = await categoryId(t, user, 'Food');
    const util = await categoryId(t, user, 'Utilities');
    // The category budget is set in the database: the categories module owns its routes.
    await t.db.db.updateTable('categories').set({ budget_cents: 2000 }).where('user_id', '=', user.uid).where('id', 'in', [food, util]).execute();
    const categoryTitles = async () => (await list(user, true)).filter((n) => n.link === '/categories').map((n) => n.title);

    await addReceipt(t, user, { amount: 15.99, category: 'Food' });
    expect(await categoryTitles()).toEqual([]);
    await addReceipt(t, user, { amount: 2, category: 'Food' }); // $17.99 of $20: 89%
    const [near] = await list(user);
    expect(near).toMatchObject({ type: 'budget', title: 'Food is near its budget', link: '/categories' });
    expect(near.message).toMatch(/^You've spent \$17\.99 of your \$20\.00 Food budget for \w+ \d{4} \(89%\)\.$/);
    await addReceipt(t, user, { amount: 2.01, category: 'Food' }); // exactly $20: reaching is not going over
    expect(await categoryTitles()).toEqual(['Food is near its budget']);
    await addReceipt(t, user, { amount: 0.01, category: 'Food' });
    const [alert] = await list(user);
    expect(alert).toMatchObject({ type: 'alert', title: 'Food is over budget', link: '/categories' });
    expect(alert.message).toMatch(/^You've spent \$20\.01 on Food in \w+ \d{4}, over its \$20\.00 budget\.$/);
    await addReceipt(t, user, { amount: 5, category: 'Food' });
    // Straight past 100%: only the worse news.
    await addReceipt(t, user, { amount: 25, category: 'Utilities' });
    await addReceipt(t, user, { amount: 25, category: 'Utilities' });
    expect(await categoryTitles()).toEqual(['Utilities is over budget', 'Food is over budget', 'Food is near its budget']);
    // Spending elsewhere with no category budget never warns.
    await addReceipt(t, user, { amount: 500, category: 'Other' });
    expect(await categoryTitles()).toHaveLength(3);
    const marks = await t.db.db
      .selectFrom('notification_marks')
      .select(['month', 'key'])
      .where('user_id', '=', user.uid)
      .where('key', 'like', 'category%')
      .execute();
    expect(marks).toHaveLength(4);
    expect(marks).toEqual(
      expect.arrayContaining([
        { month: thisMonth(), key: `category-warning:${food}` },
        { month: thisMonth(), key: `category:${food}` },
        { month: thisMonth(), key: `category-warning:${util}` },
        { month: thisMonth(), key: `category:${util}` },
      ]),
    );
  });
});

describe('tips', () => {
  it('suggests scanning as you go when a receipt comes a week or more after the last one', async () => {
    const user = await t.signUp();
    await addReceipt(t, user, { amount: 1 });
    await addReceipt(t, user, { amount: 1 });
    expect((await list(user)).filter((n) => n.title === 'Welcome back')).toEqual([]);
    await t.db.db
      .updateTable('receipts')
      .set({ created_at: new Date(Date.now() - 8 * 86_400_000) })
      .where('user_id', '=', user.uid)
      .execute();
    await addReceipt(t, user, { amount: 1 });
    const [tip] = await list(user);
    expect(tip).toMatchObject({ type: 'tip', title: 'Welcome back', link: '/receipts/scan' });
  });
});

describe('onCategoryBudgetChanged', () => {
  it('re-arms a category alert when its budget is raised and fires when a lowered one is crossed', async () => {
    const { onCategoryBudgetChanged } = await import('../../../../src/server/modules/notifications/triggers');
    const user = await t.signUp();
    const food = await categoryId(t, user, 'Food');
    const setFoodBudget = (cents: number) =>
      t.db.db.transaction().execute(async (trx) => {
        await trx.updateTable('categories').set({ budget_cents: cents }).where('user_id', '=', user.uid).where('id', '=', food).execute();
        await onCategoryBudgetChanged(trx, user.uid, food, t.app.clock());
      });
    const alerts = async () => (await list(user, true)).filter((n) => n.type === 'alert').length;

    await setFoodBudget(1000);
    await addReceipt(t, user, { amount: 15, category: 'Food' });
    expect(await alerts()).toBe(1);
    await setFoodBudget(2000); // no longer over: re-armed, nothing told
    expect(await alerts()).toBe(1);
    await setFoodBudget(1200); // over again: told at once
    expect(await alerts()).toBe(2);
    await setFoodBudget(1100); // still over, already told
    expect(await alerts()).toBe(2);
  });
});
