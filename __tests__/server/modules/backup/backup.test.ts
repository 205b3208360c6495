import fs from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt, categoryId, dataUrl, JPEG_BYTES, PNG_BYTES } from '../receipts/fixtures';
import { multipartBody } from '../avatar/upload';
import { zipEntries } from '../../zip/zipEntries';
import { makeZip, renamedInPlace } from '../../zip/makeZip';
import { householdsAs, join, verifiedUser } from '../households/householdApi';
import { todayUtc } from '../receipts/fixtures';
import type { Balances, Household } from '../../../../src/shared/households';
import type { Receipt } from '../../../../src/shared/receipts';

/**
 * Backups are made on `source` and restored on `target`: on the PostgreSQL pass the target runs
 * on the embedded database, the other one; on the PGlite pass both are PGlite (two servers).
 */
let source: TestApp;
let target: TestApp;
beforeAll(async () => {
  source = await startTestApp();
  target = await startTestApp({}, { pglite: true });
});
afterAll(async () => {
  await source?.close();
  await target?.close();
});

const backupOf = async (t: TestApp, user: TestUser) => {
  const res = await t.request(user, { method: 'GET', url: '/api/backup' });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};
const restore = (t: TestApp, user: TestUser, zip: Buffer) => {
  const body = multipartBody(zip, { filename: 'tally-backup.zip', contentType: 'application/zip' });
  return t.request(user, { method: 'POST', url: '/api/backup/restore', payload: body.payload, headers: body.headers });
};
const get = async (t: TestApp, user: TestUser, url: string) => (await t.request(user, { method: 'GET', url })).json();

/** The bytes an app serves as a receipt's original. */
async function original(t: TestApp, imageUrl: string | null): Promise<string | null> {
  if (!imageUrl) return null;
  const link = new URL(imageUrl, 'http://localhost');
  return (await t.app.inject({ method: 'GET', url: link.pathname + link.search })).rawPayload.toString('base64');
}

/** The originals kept for a person, in whichever blob store the app runs. */
async function storedFiles(t: TestApp, user: TestUser): Promise<string[]> {
  if (t.config.blobStore === 'postgres') return (await t.db.db.selectFrom('blobs').select('key').where('user_id', '=', user.uid).execute()).map((b) => b.key);
  const folder = path.join(t.config.dataDir, 'blobs', user.uid);
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

interface Listed {
  id: string;
  categoryId: string;
  imageUrl: string | null;
  items: Array<{ categoryId?: string | null } & Record<string, unknown>>;
  [field: string]: unknown;
}

/** A person's receipts as the API lists them, without ids and links, each with its category names and original's bytes. */
async function receiptsOf(t: TestApp, user: TestUser) {
  const categories = new Map((await get(t, user, '/categories')).map((c: { _id: string; name: string }) => [c._id, c.name]));
  const listed: Listed[] = await get(t, user, '/receipts?limit=500&sort=date&order=asc');
  return Promise.all(
    listed.map(async ({ id: _id, categoryId: _c, imageUrl, items, ...r }) => ({
      ...r,
      items: items.map(({ categoryId, ...i }) => ({ ...i, category: categoryId ? categories.get(categoryId) : null })),
      original: await original(t, imageUrl),
    })),
  );
}

/** Everything else a person sees that a restore must bring back. */
async function accountOf(t: TestApp, user: TestUser) {
  const categories = (await get(t, user, '/categories')).map(({ _id, spent: _s, ...c }: Record<string, unknown>) => c);
  const profile = await get(t, user, '/api/profile/');
  return {
    settings: await get(t, user, '/api/settings'),
    rates: await get(t, user, '/api/currency-rates'),
    budget: profile.monthly_budget,
    categories: categories.sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)),
  };
}

describe('backup and restore', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await source.signUp({ displayName: 'Bea Backup' });
    await source.request(owner, { method: 'PUT', url: '/api/settings', payload: { date_order: 'DMY', theme: 'dark' } });
    await source.request(owner, { method: 'PUT', url: '/api/profile/', payload: { display_name: 'Bea Backup', monthly_budget: 1234.5 } });
    const put = await source.request(owner, { method: 'PUT', url: '/api/currency-rates', payload: [{ currency: 'EUR', rate: 1.1, valid_from: '2025-01-01' }] });
    expect(put.statusCode).toBe(200);
    const created = await source.request(owner, {
      method: 'POST',
      url: '/categories',
      payload: { name: 'Garden', color: '#22C55E', icon: 'shopping-bag', budget: 50 },
    });
    expect(created.statusCode).toBe(201);
    await addReceipt(source, owner, {
      store: 'Green Thumb',
      date: '2025-04-02',
      amount: 30,
      category: 'Garden',
      description: 'Seeds and a rake',
      paymentMethod: 'Card',
      tax: 2.1,
      return_by: '2025-05-02',
      items: [
        { name: 'Seeds', price: 5, quantity: 2 },
        { name: 'Rake', price: 20, warranty_until: '2027-04-02' },
      ],
      imageData: dataUrl(PNG_BYTES),
    });
    await addReceipt(source, owner, { store: 'Café de Paris', date: '2025-05-01', amount: 12, imageData: dataUrl(JPEG_BYTES, 'image/jpeg'), category: 'Food' });
    const eur = await source.request(owner, {
      method: 'POST',
      url: '/receipts',
      payload: { store: 'Boulangerie', date: '2025-05-02', amount: 4.2, currency: 'EUR' },
    });
    expect(eur.statusCode).toBe(201);
    await addReceipt(source, owner, { store: 'Refund Shop', date: '2025-06-01', amount: -5 });
    // An item in a category of its own.
    const garden = await categoryId(source, owner, 'Garden');
    const mixed = await addReceipt(source, owner, { store: 'Market', date: '2025-06-02', amount: 9, category: 'Food', items: [{ name: 'Apples', price: 4 }] });
    const edit = await source.request(owner, {
      method: 'PUT',
      url: `/receipts/${mixed.id}`,
      payload: {
        store: 'Market',
        date: '2025-06-02',
        amount: 9,
        category: 'Food',
        items: [
          { name: 'Apples', price: 4 },
          { name: 'Tulips', price: 5, category: garden },
        ],
      },
    });
    expect(edit.statusCode).toBe(200);
  });

  it('writes a zip of the manifest, the data and every original', async () => {
    const files = await zipEntries(await backupOf(source, owner));
    const manifest = JSON.parse(files.get('manifest.json')!.toString());
    expect(manifest).toMatchObject({ format: 'tally-backup', version: 1, counts: { receipts: 5, originals: 2, categories: 7, currency_rates: 1 } });
    const data = JSON.parse(files.get('data.json')!.toString());
    expect(data.receipts).toHaveLength(5);
    const originals = [...files.keys()].filter((n) => n.startsWith('originals/'));
    expect(originals.sort()).toEqual(data.receipts.flatMap((r: { original: string | null }) => (r.original ? [r.original] : [])).sort());
  });

  it('restores into a new account on the other server, receipt by receipt', async () => {
    const zip = await backupOf(source, owner);
    const newcomer = await target.signUp({ displayName: 'Bea Moved' });
    const res = await restore(target, newcomer, zip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      restored: {
        categories: 7,
        receipts: 5,
        items: 4,
        originals: 2,
        currency_rates: 1,
        budget_months: expect.any(Number),
        recurring_series: 0,
        households: 0,
        shared_receipts: 0,
        settlements: 0,
      },
    });

    const before = await receiptsOf(source, owner);
    const after = await receiptsOf(target, newcomer);
    expect(after).toEqual(before);
    // Return windows and warranties come back with their receipt and item.
    expect(after.find((r) => (r as Record<string, unknown>).store === 'Green Thumb')).toMatchObject({
      return_by: '2025-05-02',
      items: [{ name: 'Seeds' }, { name: 'Rake', warranty_until: '2027-04-02' }],
    });
    expect(after.filter((r) => r.original).length).toBe(2);
    expect(await accountOf(target, newcomer)).toEqual(await accountOf(source, owner));
    // Counted in the totals, as the receipts were where they came from.
    const spending = async (t: TestApp, user: TestUser) => [
      await get(t, user, '/api/analytics?range=yearly'),
      await get(t, user, '/api/analytics/breakdown?range=yearly'),
    ];
    expect(await spending(target, newcomer)).toEqual(await spending(source, owner));
    // Searchable as before.
    expect((await get(target, newcomer, '/receipts?search=rake')).map((r: { store: string }) => r.store)).toEqual(['Green Thumb']);
  });

  describe('refusals, each with nothing written', () => {
    let zip: Buffer;
    let files: Map<string, Buffer>;
    beforeAll(async () => {
      zip = await backupOf(source, owner);
      files = await zipEntries(zip);
    });

    /** The zip again with some files replaced (or left out: null). */
    const changed = (replace: Record<string, Buffer | string | null>) =>
      makeZip(
        [...files.entries()]
          .filter(([name]) => replace[name] !== null)
          .map(([name, data]) => ({ name, data: replace[name] ?? data }))
          .concat(Object.entries(replace).flatMap(([name, data]) => (data !== null && !files.has(name) ? [{ name, data }] : []))),
      );
    const data = () => JSON.parse(files.get('data.json')!.toString());

    async function expectRefused(bytes: Buffer, status: number, message: string | RegExp) {
      const person = await target.signUp();
      const untouched = await accountOf(target, person);
      const res = await restore(target, person, bytes);
      expect(res.statusCode).toBe(status);
      if (typeof message === 'string') expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(message);
      expect(await get(target, person, '/receipts')).toEqual([]);
      expect(await accountOf(target, person)).toEqual(untouched);
      expect(await storedFiles(target, person)).toEqual([]);
    }

    it('refuses an account that has receipts already (409)', async () => {
      const busy = await target.signUp();
      await addReceipt(target, busy, { store: 'Already Here', date: '2025-01-01' });
      const res = await restore(target, busy, zip);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This account already has receipts: a backup is restored only into an account without any. Nothing was changed.');
      expect((await get(target, busy, '/receipts')).map((r: { store: string }) => r.store)).toEqual(['Already Here']);
    });

    it('refuses a zip bomb (413)', async () => {
      await expectRefused(
        await changed({ 'originals/padding.bin': Buffer.alloc(8 * 1024 * 1024) }),
        413,
        'originals/padding.bin unpacks to more than 200 times its size: refused as a zip bomb',
      );
    });

    it('refuses a name that leaves the folder', async () => {
      const bytes = renamedInPlace(await changed({ 'zz/evil.json': '{}' }), 'zz/evil.json', '../evil.json');
      await expectRefused(bytes, 400, 'The file is not a zip Tally can read: invalid relative path: ../evil.json');
    });

    it('refuses what is not a zip, a zip without a manifest, and another format version', async () => {
      await expectRefused(Buffer.from('PK\u0003\u0004 but nothing else'), 400, /^The file is not a zip Tally can read: /);
      await expectRefused(await changed({ 'manifest.json': null }), 400, 'The file is not a Tally backup: it has no manifest.json');
      const manifest = JSON.parse(files.get('manifest.json')!.toString());
      await expectRefused(
        await changed({ 'manifest.json': JSON.stringify({ ...manifest, version: 2 }) }),
        400,
        'This backup is format version 2; this Tally reads version 1. Nothing was changed.',
      );
      await expectRefused(
        await changed({ 'manifest.json': JSON.stringify({ ...manifest, format: 'other' }) }),
        400,
        /^The backup's manifest.json is not as Tally writes it: /,
      );
    });

    it('refuses broken JSON and data that does not hold together', async () => {
      await expectRefused(await changed({ 'data.json': '{"profile": ' }), 400, /^The backup's data.json is not valid JSON: /);
      const d = data();
      await expectRefused(
        await changed({ 'data.json': JSON.stringify({ ...d, receipts: 'many' }) }),
        400,
        /^The backup's data.json is not as Tally writes it: /,
      );
      const lost = { ...d, receipts: d.receipts.map((r: { category_id: string }, n: number) => (n === 0 ? { ...r, category_id: 'nowhere' } : r)) };
      await expectRefused(await changed({ 'data.json': JSON.stringify(lost) }), 400, /names category nowhere, which it does not hold/);
      const withOriginal = d.receipts.find((r: { original: string | null }) => r.original);
      await expectRefused(
        await changed({ [withOriginal.original]: null }),
        400,
        new RegExp(`names its original ${withOriginal.original}, which the zip does not hold`),
      );
      await expectRefused(
        await changed({ [withOriginal.original]: '<html>not a picture</html>' }),
        400,
        `${withOriginal.original}: This file is not a JPEG, PNG or WebP image or a PDF`,
      );
    });

    it('refuses a request without a file', async () => {
      const person = await target.signUp();
      const res = await target.request(person, { method: 'POST', url: '/api/backup/restore', payload: { file: 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Send the backup as multipart/form-data in the field "file"');
    });
  });

  it("never holds another person's data, and answers 401 without a token", async () => {
    const other = await source.signUp();
    await addReceipt(source, other, { store: 'Not Yours', date: '2025-04-02' });
    const data = (await zipEntries(await backupOf(source, owner))).get('data.json')!.toString();
    expect(data).not.toContain('Not Yours');
    expect((await source.app.inject({ method: 'GET', url: '/api/backup' })).statusCode).toBe(401);
  });
});

describe('backup and restore of household shares', () => {
  let cam: TestUser;
  let dee: TestUser;
  let householdId: string;
  beforeAll(async () => {
    // Cam's household of three: Dee (an account of her own) and Eli (a placeholder).
    cam = await verifiedUser(source, { displayName: 'Cam' });
    dee = await verifiedUser(source, { displayName: 'Dee' });
    const api = householdsAs(source, cam);
    householdId = (await api.create('Flat 9'))._id;
    await join(source, cam, householdId, dee);
    const household: Household = (await api.call('POST', `/${householdId}/members`, { display_name: 'Eli' })).json();
    const id = (name: string) => household.members.find((m) => m.display_name === name)!._id;
    const save = async (payload: object) => {
      const res = await source.request(cam, { method: 'POST', url: '/receipts', payload });
      expect(res.statusCode).toBe(201);
    };
    // Split by items: Milk is Dee's, Bread Cam's and Eli's by portions, Soap everyone's.
    await save({
      store_name: 'Costco',
      date: todayUtc(),
      total_amount: 30.8,
      tax: 2.8,
      is_shared: true,
      household_id: householdId,
      image_url: null,
      items: [
        { id: null, name: 'Milk', price: 10, quantity: 1, category: 'food', assigned_to: id('Dee'), shared_with: [] },
        {
          id: null,
          name: 'Bread',
          price: 4.5,
          quantity: 2,
          category: 'food',
          assigned_to: null,
          shared_with: [id('Cam'), { member_id: id('Eli'), portions: 2 }],
        },
        { id: null, name: 'Soap', price: 9, quantity: 1, category: 'food', assigned_to: null, shared_with: [] },
      ],
    });
    // Split by amounts, paid by Dee.
    await addReceipt(source, cam, { store: 'Power Co', amount: 90, household_id: householdId, paid_by: id('Dee') });
    const byAmounts = await source.request(cam, {
      method: 'POST',
      url: '/receipts',
      payload: {
        store: 'Landlord',
        date: todayUtc(),
        amount: 100,
        household_id: householdId,
        shared_expenses: [
          { member_id: id('Cam'), amount: 50 },
          { member_id: id('Dee'), amount: 30 },
          { member_id: id('Eli'), amount: 20 },
        ],
      },
    });
    expect(byAmounts.statusCode).toBe(201);
    await addReceipt(source, cam, { store: 'Just Mine', amount: 7 });
    const paid = await source.request(dee, {
      method: 'POST',
      url: `/api/households/${householdId}/settlements`,
      payload: { from_member_id: id('Dee'), to_member_id: id('Cam'), amount: 5, currency: 'USD' },
    });
    expect(paid.statusCode).toBe(201);
    // Dee's own receipt is hers alone.
    await addReceipt(source, dee, { store: 'Dee Private', amount: 3 });
  });

  const householdOf = async (t: TestApp, user: TestUser) => {
    const [summary] = await get(t, user, '/api/households');
    const household: Household = await get(t, user, `/api/households/${summary._id}`);
    const balances: Balances = await get(t, user, `/api/households/${summary._id}/balances`);
    return {
      name: household.name,
      members: household.members.map((m) => ({ name: m.display_name, me: m.is_me, status: m.status })).sort((a, b) => a.name.localeCompare(b.name)),
      debts: balances.debts.map((d) => `${d.from_name} owes ${d.to_name} ${d.amount} ${d.currency}`),
    };
  };
  /** Each receipt's sharing by member names: who paid and each member's share. */
  const sharesOf = async (t: TestApp, user: TestUser) => {
    const listed: Receipt[] = await get(t, user, '/receipts?limit=500&sort=date&order=asc');
    const household: Household = await get(t, user, `/api/households/${(await get(t, user, '/api/households'))[0]._id}`);
    const name = (id: string | null | undefined) => household.members.find((m) => m._id === id)?.display_name ?? null;
    return listed
      .map((r) => ({
        store: r.store,
        shared: r.is_shared ?? false,
        paid_by: name(r.paid_by),
        // Not home_amount: the others are placeholders after a restore, without a home currency.
        shares: (r.shared_expenses ?? []).map((s) => [s.display_name, s.amount]).sort(),
        items: (r.items ?? []).map((i) => ({ name: i.name, assigned_to: name(i.assigned_to), shared_with: (i.shared_with ?? []).length })),
      }))
      .sort((a, b) => a.store.localeCompare(b.store));
  };
  const dashboardTotal = async (t: TestApp, user: TestUser) => (await get(t, user, '/dashboard')).total_spent;

  it("keeps the person's households, their receipts' shares and payments, and no one else's data", async () => {
    const files = await zipEntries(await backupOf(source, cam));
    const data = JSON.parse(files.get('data.json')!.toString());
    expect(data.households).toEqual([
      {
        id: householdId,
        name: 'Flat 9',
        members: expect.arrayContaining([
          expect.objectContaining({ display_name: 'Cam', is_me: true, placeholder: false }),
          expect.objectContaining({ display_name: 'Dee', is_me: false, placeholder: false }),
          expect.objectContaining({ display_name: 'Eli', is_me: false, placeholder: true }),
        ]),
      },
    ]);
    expect(data.receipts.filter((r: { sharing?: object }) => r.sharing)).toHaveLength(3);
    expect(data.settlements).toEqual([expect.objectContaining({ household_id: householdId, currency: 'USD', amount_minor: 500 })]);
    const text = files.get('data.json')!.toString();
    for (const secret of ['Dee Private', dee.email, dee.uid, cam.email]) expect(text).not.toContain(secret);
  });

  it('restores them into a new account: the same shares, totals and balances', async () => {
    const newcomer = await target.signUp({ displayName: 'Cam Moved' });
    const res = await restore(target, newcomer, await backupOf(source, cam));
    expect(res.statusCode).toBe(200);
    expect(res.json().restored).toMatchObject({ receipts: 4, households: 1, shared_receipts: 3, settlements: 1 });
    const after = await householdOf(target, newcomer);
    expect(after.members).toEqual([
      { name: 'Cam', me: true, status: 'active' },
      { name: 'Dee', me: false, status: 'placeholder' },
      { name: 'Eli', me: false, status: 'placeholder' },
    ]);
    const before = await householdOf(source, cam);
    expect({ ...after, members: undefined }).toEqual({ ...before, members: undefined });
    expect(after.debts.length).toBeGreaterThan(0);
    expect(await sharesOf(target, newcomer)).toEqual(await sharesOf(source, cam));
    expect(await dashboardTotal(target, newcomer)).toBe(await dashboardTotal(source, cam));
  });

  it('refuses a share naming a member its household does not hold, with nothing written', async () => {
    const files = await zipEntries(await backupOf(source, cam));
    const data = JSON.parse(files.get('data.json')!.toString());
    data.receipts.find((r: { sharing?: object }) => r.sharing).sharing.paid_by = 'nobody';
    files.set('data.json', Buffer.from(JSON.stringify(data)));
    const person = await target.signUp();
    const untouched = await accountOf(target, person);
    const res = await restore(target, person, await makeZip([...files].map(([name, bytes]) => ({ name, data: bytes }))));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/names member nobody, who is not in its household/);
    expect(await get(target, person, '/receipts')).toEqual([]);
    expect(await get(target, person, '/api/households')).toEqual([]);
    expect(await accountOf(target, person)).toEqual(untouched);
    expect(await storedFiles(target, person)).toEqual([]);
  });

  it('restores a backup made before households were kept', async () => {
    const files = await zipEntries(await backupOf(source, cam));
    const data = JSON.parse(files.get('data.json')!.toString());
    delete data.households;
    delete data.settlements;
    for (const r of data.receipts) delete r.sharing;
    files.set('data.json', Buffer.from(JSON.stringify(data)));
    const person = await target.signUp();
    const res = await restore(target, person, await makeZip([...files].map(([name, bytes]) => ({ name, data: bytes }))));
    expect(res.statusCode).toBe(200);
    expect(res.json().restored).toMatchObject({ receipts: 4, households: 0, shared_receipts: 0 });
    expect(await get(target, person, '/api/households')).toEqual([]);
    // Unshared, each receipt counts whole again.
    expect(await dashboardTotal(target, person)).toBeCloseTo(7 + 30.8 + 90 + 100, 2);
  });
});

describe('item names grouped into products', () => {
  let person: TestUser;
  let files: Map<string, Buffer>;
  beforeAll(async () => {
    person = await source.signUp();
    await addReceipt(source, person, { store: 'Walmart', date: '2025-03-01', amount: 3.48, items: [{ name: 'GV 2% MLK GAL', price: 3.48 }] });
    await addReceipt(source, person, { store: 'Safeway', date: '2025-03-02', amount: 4.29, items: [{ name: 'MILK 2% 1GAL', price: 4.29 }] });
    await addReceipt(source, person, { store: 'Corner Shop', date: '2025-03-03', amount: 3.99, items: [{ name: 'Milk 2%', price: 3.99 }] });
    for (const item of ['GV 2% MLK GAL', 'MILK 2% 1GAL']) {
      const res = await source.request(person, { method: 'PUT', url: '/api/prices/products', payload: { item, same_as: 'Milk 2%' } });
      expect(res.statusCode).toBe(200);
    }
    files = await zipEntries(await backupOf(source, person));
  });
  const withData = (change: (data: Record<string, unknown>) => void) => {
    const data = JSON.parse(files.get('data.json')!.toString());
    change(data);
    return makeZip([...files].map(([name, bytes]) => ({ name, data: name === 'data.json' ? Buffer.from(JSON.stringify(data)) : bytes })));
  };
  /** The history of one of the product's names, without the receipts' ids (a restore gives new ones). */
  const historyOf = async (t: TestApp, user: TestUser) => {
    const history = await get(t, user, `/api/prices?item=${encodeURIComponent('GV 2% MLK GAL')}`);
    return { ...history, points: history.points.map(({ receipt_id: _id, ...p }: Record<string, unknown>) => p) };
  };

  it('keeps them, and a restore reads the names as one product again', async () => {
    const newcomer = await target.signUp();
    const res = await restore(target, newcomer, await withData(() => undefined));
    expect(res.statusCode).toBe(200);
    const after = await historyOf(target, newcomer);
    expect(after.names).toEqual(['Milk 2%', 'GV 2% MLK GAL', 'MILK 2% 1GAL']);
    expect(after).toEqual(await historyOf(source, person));
    expect(await get(target, newcomer, '/api/prices/items?search=milk')).toEqual([{ name: 'Milk 2%', purchases: 3, category_id: null }]);
  });

  it('restores a backup made before they were kept, with every name its own product', async () => {
    const newcomer = await target.signUp();
    const res = await restore(target, newcomer, await withData((data) => delete data.item_products));
    expect(res.statusCode).toBe(200);
    expect((await historyOf(target, newcomer)).names).toEqual(['GV 2% MLK GAL']);
  });

  it('refuses a name grouped into one that is not a product, writing nothing', async () => {
    const newcomer = await target.signUp();
    const chained = await withData((data) => {
      data.item_products = [
        { key: 'milk 2%', name: 'Milk 2%', product_key: 'milk 2%' },
        { key: 'gv 2% mlk gal', name: 'GV 2% MLK GAL', product_key: 'milk 2%' },
        { key: 'milk 2% 1gal', name: 'MILK 2% 1GAL', product_key: 'gv 2% mlk gal' },
      ];
    });
    const res = await restore(target, newcomer, chained);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "The backup's data.json does not hold together: item milk 2% 1gal is grouped into gv 2% mlk gal, which is not a product it holds. Nothing was changed.",
    );
    expect(await get(target, newcomer, '/receipts')).toEqual([]);
    expect((await target.db.db.selectFrom('item_products').select('key').where('user_id', '=', newcomer.uid).execute()).length).toBe(0);
  });
});
