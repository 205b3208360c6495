import fs from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt, categoryId, dataUrl, JPEG_BYTES, PNG_BYTES } from '../receipts/fixtures';
import { multipartBody } from '../avatar/upload';
import { zipEntries } from '../../zip/zipEntries';
import { makeZip, renamedInPlace } from '../../zip/makeZip';

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
      restored: { categories: 7, receipts: 5, items: 4, originals: 2, currency_rates: 1, budget_months: expect.any(Number), recurring_series: 0 },
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
