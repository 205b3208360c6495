import { sql } from 'kysely';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../../src/server/app';
import type { BlobStore } from '../../../../src/server/blobs/store';
import { ACCOUNT_CLOSED } from '../../../../src/server/db/accountGate';
import { DELETION_INCOMPLETE } from '../../../../src/server/modules/account/service';
import { userTablesInDeleteOrder } from '../../../../src/server/modules/account/repository';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { emulatorSignIn } from '../../../../scripts/testEmulator';
import { avatarStored, storedImages } from '../../blobs/stored';
import { multipartBody, photo } from '../avatar/upload';
import { dataUrl, todayUtc } from '../receipts/fixtures';

/**
 * Account deletion against writes in flight, over real HTTP: writers of every kind keep saving
 * while DELETE /api/account runs. Deleting must win, every time: the writes that race it fail
 * cleanly (never a 5xx), and nothing of the person is left in any table or file afterwards.
 */
jest.setTimeout(180_000);

let t: TestApp;
let base: string;
let image: string;
beforeAll(async () => {
  // Eight writers as fast as they can go: no per-user write limit, so every write races.
  t = await startTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: '0', READ_RATE_LIMIT_PER_MINUTE: '0' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  image = dataUrl(await photo('png', 24, 24));
});
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(token: string, method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** Rows of the user in every table with a user_id, read from the catalog. */
async function rowsOf(uid: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await userTablesInDeleteOrder(t.db.db)) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE user_id = ${uid}`.execute(t.db.db);
    if (rows[0].n > 0) counts[table] = rows[0].n;
  }
  return counts;
}

/** One writer: the same kind of write again and again until told to stop; answers its statuses. */
type Write = (token: string, n: number) => Promise<{ status: number; json: any }>;
const WRITES: Write[] = [
  (tok, n) => call(tok, 'POST', '/receipts', { store: `Race ${n}`, date: todayUtc(), amount: 12.5, items: [{ name: 'Thing', price: 12.5 }], imageData: image }),
  (tok, n) =>
    call(tok, 'POST', '/receipts', { store_name: `Scan ${n}`, date: todayUtc(), total_amount: 80, items: [{ name: 'Big', price: 80 }], image_url: image }),
  (tok, n) => call(tok, 'POST', '/receipts', { store: `Plain ${n}`, date: todayUtc(), amount: 3 }),
  (tok, n) => call(tok, 'POST', '/categories', { name: `Race category ${n}`, budget: 1 }),
  (tok, n) => call(tok, 'POST', '/dashboard/budget', { amount: 10 + n }),
  (tok, n) => call(tok, 'PUT', '/api/profile/', { display_name: `Racer ${n}`, monthly_budget: 5 }),
  (tok) => call(tok, 'PUT', '/notifications/read-all'),
  async (tok) => {
    const { payload, headers } = multipartBody(await photo('jpeg', 32, 32), { filename: 'me.jpg', contentType: 'image/jpeg' });
    const res = await fetch(`${base}/profile/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tok}`, ...headers },
      body: new Uint8Array(payload),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  },
];

async function raceOnce(round: number): Promise<void> {
  const user: TestUser = await t.signUp();
  let stop = false;
  const statuses: number[] = [];
  const avatars: string[] = [];
  const messagesAfter: string[] = [];
  let acknowledged = 0;
  const writer = async (write: Write) => {
    for (let n = 0; !stop; n++) {
      const res = await write(user.token, n);
      statuses.push(res.status);
      if (res.status < 300) acknowledged++;
      if (res.json?.avatar) avatars.push(res.json.avatar);
      if (res.status === 401) messagesAfter.push(res.json.message);
    }
  };
  const writers = WRITES.map(writer);
  // Let the writers get going (some writes acknowledged), then delete while they keep on.
  while (acknowledged < 8) await sleep(10);
  await sleep(20 * (round % 5));
  const deleted = await call(user.token, 'DELETE', '/api/account', { confirm: user.email });
  await sleep(150);
  stop = true;
  await Promise.all(writers);

  expect(deleted.status).toBe(204);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.filter((s) => ![200, 201, 401].includes(s))).toEqual([]);
  // Every write after the deletion was refused in words a person can read.
  expect(messagesAfter.length).toBeGreaterThan(0);
  expect(new Set(messagesAfter).size).toBeLessThanOrEqual(3);
  for (const m of messagesAfter) expect(m).toMatch(/deleted|no longer exists|signed out|disabled|Invalid authentication token/);

  expect(await rowsOf(user.uid)).toEqual({});
  expect(await storedImages(t, user.uid)).toEqual([]);
  for (const a of avatars) expect(await avatarStored(t, a)).toBe(false);
  await expect(emulatorSignIn(user.email, user.password)).rejects.toThrow();
}

describe('DELETE /api/account while the person keeps writing', () => {
  it.each([1, 2, 3, 4, 5, 6])('leaves nothing behind and fails the racing writes cleanly (round %i)', async (round) => {
    await raceOnce(round);
  });
});

/** The app's real store, whose removal of a user's images fails the first time (a disk fault). */
function failingOnce(store: BlobStore): BlobStore {
  let failures = 1;
  return {
    put: (...args) => store.put(...args),
    get: (key) => store.get(key),
    delete: (key) => store.delete(key),
    deleteAllForUser: async (userId, within) => {
      if (failures-- > 0) throw Object.assign(new Error('EIO: i/o error, rmdir'), { code: 'EIO' });
      return store.deleteAllForUser(userId, within);
    },
  };
}

describe('a deletion that fails part-way', () => {
  it('keeps the account closed to writes and can be retried to completion', async () => {
    const app = await buildApp(t.config, { db: t.db, blobs: failingOnce(t.app.blobs) });
    await app.ready();
    try {
      const user = await t.signUp();
      const as = (token: string) => ({ authorization: `Bearer ${token}` });
      const saved = await app.inject({
        method: 'POST',
        url: '/receipts',
        headers: as(user.token),
        payload: { store: 'Kept', date: todayUtc(), amount: 4, imageData: image },
      });
      expect(saved.statusCode).toBe(201);

      const first = await app.inject({ method: 'DELETE', url: '/api/account', headers: as(user.token), payload: { confirm: user.email } });
      expect(first.statusCode).toBe(503);
      expect(first.json().message).toBe(DELETION_INCOMPLETE);

      // The person can sign in again, cannot add anything, and can delete again.
      const token = await emulatorSignIn(user.email, user.password);
      const write = await app.inject({ method: 'POST', url: '/receipts', headers: as(token), payload: { store: 'Sneaked in', date: todayUtc(), amount: 4 } });
      expect(write.statusCode).toBe(401);
      expect(write.json().message).toBe(ACCOUNT_CLOSED);
      const register = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: as(token),
        payload: { user_id: user.uid, email: user.email, display_name: 'Again' },
      });
      expect(register.statusCode).toBe(401);

      const again = await app.inject({ method: 'DELETE', url: '/api/account', headers: as(token), payload: { confirm: user.email } });
      expect(again.statusCode).toBe(204);
      expect(await rowsOf(user.uid)).toEqual({});
      expect(await storedImages(t, user.uid)).toEqual([]);
      await expect(emulatorSignIn(user.email, user.password)).rejects.toThrow();
    } finally {
      await app.close();
    }
  });
});
