import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt, categoryId, todayUtc, UNKNOWN_ID } from '../receipts/fixtures';
import { CategoryService } from '../../../../src/server/modules/categories/service';
import { categoryHooks } from '../../../../src/server/moduleWiring';
import { addMonths, addDays } from '../../../../src/shared/calendar';
import { clockOf } from '../../../../src/server/clock';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const categories = async (user: TestUser, query = '') =>
  (await t.request(user, { method: 'GET', url: `/categories${query}` })).json() as Array<Record<string, unknown>>;

describe('GET /categories', () => {
  it("lists the defaults, Other last, with this month's spending", async () => {
    const user = await t.signUp();
    const thisMonth = todayUtc();
    const lastMonth = addDays(addMonths(thisMonth, 0), -1);
    await addReceipt(t, user, { category: 'Food', amount: 20, date: thisMonth });
    await addReceipt(t, user, { category: 'Food', amount: -5.25, date: thisMonth });
    await addReceipt(t, user, { category: 'Food', amount: 100, date: lastMonth });
    const list = await categories(user);
    expect(list.map((c) => c.name)).toEqual(['Clothing', 'Entertainment', 'Food', 'Transportation', 'Utilities', 'Other']);
    // receipt_count counts every month's receipts: what a delete would move to Other.
    expect(list.find((c) => c.name === 'Food')).toMatchObject({ color: '#22C55E', icon: 'utensils', budget: null, spent: 14.75, receipt_count: 3 });
    expect(list.find((c) => c.name === 'Other')).toMatchObject({ spent: 0, receipt_count: 0 });
    expect(Object.keys(list[0]).sort()).toEqual([
      '_id',
      'available',
      'budget',
      'carry_over',
      'color',
      'icon',
      'is_fallback',
      'name',
      'receipt_count',
      'rollover',
      'spent',
    ]);
    expect(list.filter((c) => c.is_fallback).map((c) => c.name)).toEqual(['Other']);
  });

  it('counts "this month" in the given time zone', async () => {
    const user = await t.signUp();
    const food = await categoryId(t, user, 'Food');
    await addReceipt(t, user, { category: 'Food', amount: 10, date: '2026-03-31' });
    await addReceipt(t, user, { category: 'Food', amount: 1, date: '2026-04-01' });
    // 2026-03-31 22:30 UTC is already April 1st in Berlin (UTC+2 in summer time).
    const service = new CategoryService(t.db.db, categoryHooks, clockOf(new Date('2026-03-31T22:30:00Z')));
    const spent = async (tz?: string) => (await service.list(user.uid, tz)).find((c) => c._id === food)!.spent;
    expect(await spent(undefined)).toBe(10);
    expect(await spent('Europe/Berlin')).toBe(1);
    expect(await spent('America/Los_Angeles')).toBe(10);
  });

  it('answers 400 for an unknown time zone', async () => {
    const user = await t.signUp();
    const res = await t.request(user, { method: 'GET', url: '/categories?tz=Mars/Olympus' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown time zone: Mars/Olympus (use an IANA name such as Europe/Berlin or a UTC offset such as +05:30)');
  });
});

describe('POST /categories', () => {
  it('creates with defaults and answers 201', async () => {
    const user = await t.signUp();
    const res = await t.request(user, { method: 'POST', url: '/categories', payload: { name: ' Pets ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ _id: expect.any(String), name: 'Pets', color: '#3B82F6', icon: 'tag', budget: null, is_fallback: false, rollover: false });
    const full = await t.request(user, { method: 'POST', url: '/categories', payload: { name: 'Travel', color: '#112233', icon: 'suitcase', budget: 250.5 } });
    expect(full.json()).toMatchObject({ name: 'Travel', color: '#112233', icon: 'suitcase', budget: 250.5 });
    expect((await categories(user)).map((c) => c.name)).toEqual([
      'Clothing',
      'Entertainment',
      'Food',
      'Pets',
      'Transportation',
      'Travel',
      'Utilities',
      'Other',
    ]);
  });

  it("gives each new category without a colour the first of the palette none of the person's has", async () => {
    const user = await t.signUp();
    const create = async (payload: Record<string, unknown>) =>
      (await t.request(user, { method: 'POST', url: '/categories', payload })).json() as { _id: string; color: string };
    // The six defaults have their own colours: the palette's first, blue, is free.
    expect((await create({ name: 'Pets' })).color).toBe('#3B82F6');
    // A colour chosen, in any case, is taken too.
    expect((await create({ name: 'Garden', color: '#ef4444' })).color).toBe('#ef4444');
    expect((await create({ name: 'Books' })).color).toBe('#14B8A6');
    // A colour another person uses is still free for this one.
    const other = await t.signUp();
    expect((await t.request(other, { method: 'POST', url: '/categories', payload: { name: 'Pets' } })).json().color).toBe('#3B82F6');
    // Deleting a category frees its colour.
    await t.request(user, { method: 'DELETE', url: `/categories/${await categoryId(t, user, 'Pets')}` });
    expect((await create({ name: 'Travel' })).color).toBe('#3B82F6');
    expect((await categories(user)).map((c) => c.color).filter((c) => c === '#3B82F6')).toHaveLength(1);
  });

  it.each([
    [{}, 400, 'name is required'],
    [{ name: '' }, 400, 'name must not be empty'],
    [{ name: '   ' }, 400, 'name is not in the expected format'],
    [{ name: 'x'.repeat(51) }, 400, 'name must be at most 50 characters'],
    [{ name: 'A', color: 'blue' }, 400, 'color is not in the expected format'],
    [{ name: 'A', icon: 'rocket' }, 400, 'icon must be one of tag, shopping-bag, utensils, home, car, medical, book, gamepad, suitcase, gift'],
    [{ name: 'A', budget: -1 }, 400, 'budget must be at least 0'],
    [{ name: 'A', budget: 1.001 }, 400, 'budget must have at most two decimals'],
    [{ name: 'A', budget: '10' }, 400, 'budget must be a number'],
    [{ name: 'food' }, 409, 'A category named "food" already exists'],
    [{ name: 'OTHER' }, 409, 'A category named "OTHER" already exists'],
  ])('refuses %j with %i and changes nothing', async (payload, status, message) => {
    const user = await t.signUp();
    const before = await categories(user);
    const res = await t.request(user, { method: 'POST', url: '/categories', payload });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await categories(user)).toEqual(before);
  });
});

describe('PUT /categories/{id}', () => {
  it('renames and restyles; the receipts stay in it', async () => {
    const user = await t.signUp();
    const food = await categoryId(t, user, 'Food');
    const r = await addReceipt(t, user, { category: 'Food' });
    const res = await t.request(user, { method: 'PUT', url: `/categories/${food}`, payload: { name: 'Groceries', color: '#000000', budget: 400 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: food, name: 'Groceries', color: '#000000', icon: 'utensils', budget: 400, is_fallback: false, rollover: false });
    expect((await t.request(user, { method: 'GET', url: `/receipts/${r.id}` })).json()).toMatchObject({ category: 'Groceries', categoryId: food });
    // Changing only the case of its own name is fine; budget null clears it.
    const recased = await t.request(user, { method: 'PUT', url: `/categories/${food}`, payload: { name: 'groceries', budget: null } });
    expect(recased.json()).toMatchObject({ name: 'groceries', budget: null });
  });

  it('answers 409 for a name another category has, 404 for unknown ids, 400 for bad input', async () => {
    const user = await t.signUp();
    const food = await categoryId(t, user, 'Food');
    const before = await categories(user);
    const dup = await t.request(user, { method: 'PUT', url: `/categories/${food}`, payload: { name: 'utilities' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A category named "utilities" already exists');
    for (const id of [UNKNOWN_ID, 'nope', '%27%3B']) {
      const res = await t.request(user, { method: 'PUT', url: `/categories/${id}`, payload: { name: 'X' } });
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Category not found' });
    }
    const bad = await t.request(user, { method: 'PUT', url: `/categories/${food}`, payload: { name: 'X', budget: 2.345 } });
    expect(bad.json().message).toBe('budget must have at most two decimals');
    expect(await categories(user)).toEqual(before);
  });
});

describe('DELETE /categories/{id}', () => {
  it("moves its receipts and this month's spending to Other", async () => {
    const user = await t.signUp();
    const clothing = await categoryId(t, user, 'Clothing');
    const other = await categoryId(t, user, 'Other');
    const a = await addReceipt(t, user, { category: 'Clothing', amount: 40 });
    await addReceipt(t, user, { category: 'Other', amount: 2 });
    const res = await t.request(user, { method: 'DELETE', url: `/categories/${clothing}` });
    expect(res.statusCode).toBe(204);
    expect((await t.request(user, { method: 'GET', url: `/receipts/${a.id}` })).json()).toMatchObject({ category: 'Other', categoryId: other });
    const list = await categories(user);
    expect(list.map((c) => c.name)).not.toContain('Clothing');
    expect(list.find((c) => c.name === 'Other')!.spent).toBe(42);
    expect((await t.request(user, { method: 'DELETE', url: `/categories/${clothing}` })).statusCode).toBe(404);
  });

  it('refuses to delete Other, even after a rename', async () => {
    const user = await t.signUp();
    const other = await categoryId(t, user, 'Other');
    const res = await t.request(user, { method: 'DELETE', url: `/categories/${other}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The Other category cannot be deleted: it receives the receipts of deleted categories');
    await t.request(user, { method: 'PUT', url: `/categories/${other}`, payload: { name: 'Misc' } });
    expect((await t.request(user, { method: 'DELETE', url: `/categories/${other}` })).statusCode).toBe(400);
    expect((await categories(user)).map((c) => c.name)).toContain('Misc');
  });

  it('answers 404 for malformed and unknown ids', async () => {
    const user = await t.signUp();
    for (const id of ['123', UNKNOWN_ID]) {
      const res = await t.request(user, { method: 'DELETE', url: `/categories/${id}` });
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Category not found' });
    }
  });
});

describe('another user', () => {
  it("cannot see, change or delete the first user's categories", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const created = (await t.request(owner, { method: 'POST', url: '/categories', payload: { name: 'Secret Hobby' } })).json();
    const food = await categoryId(t, owner, 'Food');
    await addReceipt(t, owner, { category: 'Food' });
    const before = await categories(owner);

    expect((await categories(other)).map((c) => c.name)).not.toContain('Secret Hobby');
    expect((await categories(other)).map((c) => c._id)).not.toContain(food);
    expect((await t.request(other, { method: 'PUT', url: `/categories/${created._id}`, payload: { name: 'Mine' } })).statusCode).toBe(404);
    expect((await t.request(other, { method: 'DELETE', url: `/categories/${food}` })).statusCode).toBe(404);
    // The same name is free for another user.
    expect((await t.request(other, { method: 'POST', url: '/categories', payload: { name: 'Secret Hobby' } })).statusCode).toBe(201);
    expect(await categories(owner)).toEqual(before);
  });
});
