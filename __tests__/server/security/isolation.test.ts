import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp, type TestUser } from '../helpers';
import { emulatorSignUp, uniqueEmail } from '../../../scripts/testEmulator';
import { createIdentity } from '../../../src/server/identity';
import { addReceipt, dataUrl, PNG_BYTES, todayUtc } from '../modules/receipts/fixtures';
import { photo, uploadAvatar } from '../modules/avatar/upload';
import { statementForm } from '../modules/imports/statementForm';
import { ROUTES, SECURED_ROUTES, isErrorBody, type RouteSpec } from './routes';
import { addDays } from '../../../src/shared/calendar';

/**
 * Two users: A owns one of everything, B (with B's own valid token) tries every route and method
 * on A's things. B only ever sees 404, an empty list or B's own data; A's answers are unchanged.
 */
let t: TestApp;
let A: TestUser;
let B: TestUser;
const a = { store: `A-Private-Store-${crypto.randomBytes(3).toString('hex')}`, category: `A-Secret-${crypto.randomBytes(3).toString('hex')}` } as {
  store: string;
  category: string;
  receiptId: string;
  categoryId: string;
  imageUrl: string;
  notificationIds: string[];
  avatar: string;
  draftId: string;
  previewId: string;
  mailAddress: string;
};
let bReceipt: { id: string; imageUrl: string | null };

/** Everything that would betray A's data if it showed up in one of B's answers. */
const secrets = () => [
  A.uid,
  A.email,
  a.store,
  a.category,
  a.receiptId,
  a.categoryId,
  a.avatar,
  '4321.09',
  a.draftId,
  a.previewId,
  a.mailAddress,
  ...a.notificationIds,
];

const as = (user: TestUser, method: RouteSpec['method'], url: string, payload?: unknown, form?: { payload: Buffer; headers: Record<string, string> }) =>
  t.request(user, { method, url, ...(payload === undefined ? {} : { payload: payload as object }), ...form });

/** The path and query of a signed image URL (the API's public base URL stripped). */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** A's view of everything, with the signed image link's query (it rotates) dropped. */
async function snapshotOfA(): Promise<Record<string, unknown>> {
  const gets = [
    '/receipts',
    `/receipts/${a.receiptId}`,
    '/categories',
    '/notifications?include_read=true',
    '/notifications/count',
    '/dashboard',
    '/api/profile/',
    '/profile/',
    '/api/settings',
    '/api/analytics',
    '/api/analytics?range=monthly',
    '/api/analytics/breakdown',
    '/api/export?format=json',
    '/api/export?format=csv',
    '/api/export?format=csv&rows=items',
    '/receipts/drafts',
    '/api/currency-rates',
    '/scan/trust',
    '/api/warranties',
    '/api/mail-in',
  ];
  const out: Record<string, unknown> = {};
  for (const url of gets) {
    const res = await as(A, 'GET', url);
    const text = res.body.replace(/(\/blobs\/receipts\/[^?"]+)\?[^"\s,]*/g, '$1').replace(/"exported_at":"[^"]+"/, '');
    out[url] = { status: res.statusCode, total: res.headers['x-total-count'], text };
  }
  const image = await t.app.inject({ method: 'GET', url: pathOf(a.imageUrl) });
  out.image = { status: image.statusCode, bytes: image.rawPayload.toString('base64') };
  const avatar = await t.app.inject({ method: 'GET', url: `/${a.avatar}` });
  out.avatar = { status: avatar.statusCode, bytes: avatar.rawPayload.toString('base64') };
  return out;
}

let before: Record<string, unknown>;

beforeAll(async () => {
  t = await startTestApp();
  [A, B] = await Promise.all([t.signUp(), t.signUp()]);
  const cat = await as(A, 'POST', '/categories', { name: a.category, color: '#112233', icon: 'gift', budget: 5000 });
  expect(cat.statusCode).toBe(201);
  a.categoryId = cat.json()._id;
  const receipt = await addReceipt(t, A, {
    store: a.store,
    amount: 4321.09,
    category: a.categoryId,
    description: 'private note',
    imageData: dataUrl(PNG_BYTES),
    // Listed by GET /api/warranties, which B must not see.
    return_by: addDays(todayUtc(), 30),
    warranty_until: addDays(todayUtc(), 400),
  });
  a.receiptId = receipt.id;
  a.imageUrl = receipt.imageUrl!;
  a.notificationIds = (await as(A, 'GET', '/notifications?include_read=true')).json().map((n: { id: string }) => n.id);
  expect(a.notificationIds.length).toBeGreaterThanOrEqual(2);
  const avatar = await uploadAvatar(t, A, await photo('png', 64, 64));
  expect(avatar.statusCode).toBe(200);
  a.avatar = avatar.json().avatar;
  expect((await as(A, 'PUT', '/api/settings', { theme: 'dark', date_order: 'DMY' })).statusCode).toBe(200);
  expect((await as(A, 'POST', '/dashboard/budget', { amount: 9000 })).statusCode).toBe(200);
  // A draft as the background reader leaves it (reading it here would only add OCR time).
  const draft = await sql<{ id: string }>`
    INSERT INTO receipt_drafts (user_id, status, image_key, image_hash, result)
    VALUES (${A.uid}, 'ready', ${new URL(a.imageUrl).pathname.replace('/blobs/receipts/', '')}, 'a-hash',
      ${JSON.stringify({ processed_data: { store_name: a.store, date: todayUtc(), total_amount: 4321.09, items: [], tax: null }, raw_text: a.store })})
    RETURNING id`.execute(t.db.db);
  a.draftId = draft.rows[0].id;
  expect((await as(A, 'PUT', '/api/currency-rates', [{ currency: 'MYR', rate: 0.2, valid_from: '2020-01-01' }])).statusCode).toBe(200);
  const statement = Buffer.from(`Date,Description,Amount\r\n${todayUtc()},${a.store},-4321.09\r\n`);
  const preview = await as(A, 'POST', '/api/import/preview', undefined, await statementForm({ bytes: statement }));
  expect(preview.statusCode).toBe(200);
  a.previewId = preview.json().id;
  a.mailAddress = (await as(A, 'GET', '/api/mail-in')).json().address;
  expect((await as(A, 'PUT', '/api/mail-in/senders', { senders: ['a-partner@example.com'] })).statusCode).toBe(200);

  const r = await addReceipt(t, B, { store: 'B Own Store', amount: 7, imageData: dataUrl(PNG_BYTES) });
  bReceipt = { id: r.id, imageUrl: r.imageUrl };
  before = await snapshotOfA();
}, 60_000);
afterAll(() => t?.close());

describe('the route table', () => {
  it('lists every route the API serves (so the matrices below cover them all)', () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(spec.paths)
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`))
      .filter((r) => !r.endsWith(' /docs') && !/ \/docs\//.test(r));
    expect(new Set(served)).toEqual(new Set(ROUTES.map((r) => `${r.method} ${r.url}`)));
  });
});

describe("user B with B's own token on A's things", () => {
  /** Each attack: B's request and what B may get back. No answer may mention anything of A's. */
  type Attack = [string, () => Promise<LightMyRequestResponse>, (res: LightMyRequestResponse) => void, (() => string[])?];
  /** The fourth entry: what B sent that may be echoed back (B's own words are no leak). */
  const attacks: Attack[] = [
    ["reads A's receipt", () => as(B, 'GET', `/receipts/${a.receiptId}`), notFound],
    ["edits A's receipt", () => as(B, 'PUT', `/receipts/${a.receiptId}`, { store: 'hijack', date: todayUtc(), amount: 1 }), notFound],
    ["deletes A's receipt", () => as(B, 'DELETE', `/receipts/${a.receiptId}`), notFound],
    [
      'lists receipts',
      () => as(B, 'GET', '/receipts'),
      (res) => {
        expect(res.json().map((r: { id: string }) => r.id)).toEqual([bReceipt.id]);
        expect(res.headers['x-total-count']).toBe('1');
      },
    ],
    ["searches for A's store", () => as(B, 'GET', `/receipts?search=${encodeURIComponent(a.store)}`), emptyList],
    ["filters by A's category id", () => as(B, 'GET', `/receipts?category=${a.categoryId}`), emptyList],
    ["filters by A's category name", () => as(B, 'GET', `/receipts?category=${encodeURIComponent(a.category)}`), emptyList],
    [
      "files a receipt under A's category",
      () => as(B, 'POST', '/receipts', { store: 'x', date: todayUtc(), amount: 1, category: a.categoryId }),
      unknownCategory,
      () => [a.categoryId],
    ],
    [
      "moves B's receipt into A's category",
      () => as(B, 'PUT', `/receipts/${bReceipt.id}`, { store: 'x', date: todayUtc(), amount: 1, category: a.categoryId }),
      unknownCategory,
      () => [a.categoryId],
    ],
    [
      "saves a scan into A's category",
      () => as(B, 'POST', '/receipts', { store_name: 'x', date: todayUtc(), total_amount: 1, category: a.category }),
      unknownCategory,
      () => [a.category],
    ],
    ['lists categories', () => as(B, 'GET', '/categories'), (res) => expect(res.json().length).toBe(6)],
    ["renames A's category", () => as(B, 'PUT', `/categories/${a.categoryId}`, { name: 'hijack' }), notFound],
    ["deletes A's category", () => as(B, 'DELETE', `/categories/${a.categoryId}`), notFound],
    ['lists notifications', () => as(B, 'GET', '/notifications?include_read=true'), (res) => expect(res.statusCode).toBe(200)],
    // B's own: a receipt typed by hand makes no notification, so only B's one earlier notification counts.
    ['counts notifications', () => as(B, 'GET', '/notifications/count'), (res) => expect(res.json().count).toBe(1)],
    ...[0, 1].map((i): (typeof attacks)[number] => [
      `marks A's notification ${i} read`,
      () => as(B, 'PUT', `/notifications/${a.notificationIds[i]}/read`),
      notFound,
    ]),
    ['marks all read (only B’s)', () => as(B, 'PUT', '/notifications/read-all'), (res) => expect(res.json().updated).toBe(1)],
    ['reads the dashboard', () => as(B, 'GET', '/dashboard'), (res) => expect(res.json().total_spent).toBe(7)],
    ['sets the budget (B’s)', () => as(B, 'POST', '/dashboard/budget', { amount: 12 }), (res) => expect(res.json().budget).toBe(12)],
    ['reads analytics', () => as(B, 'GET', '/api/analytics?range=monthly'), ok],
    ['reads the breakdown', () => as(B, 'GET', '/api/analytics/breakdown'), ok],
    ['reads the profile (/api)', () => as(B, 'GET', '/api/profile/'), (res) => expect(res.json().user_id).toBe(B.uid)],
    ['reads the profile', () => as(B, 'GET', '/profile/'), (res) => expect(res.json().user_id).toBe(B.uid)],
    ['updates the profile (B’s)', () => as(B, 'PUT', '/api/profile/', { display_name: 'B changed' }), (res) => expect(res.json().user_id).toBe(B.uid)],
    ['registers as A', () => as(B, 'POST', '/api/auth/register', { user_id: A.uid, email: A.email, display_name: 'x' }), badRequest],
    ["creates A's profile", () => as(B, 'POST', '/profile/', { user_id: A.uid, email: A.email, display_name: 'x' }), badRequest],
    ['uploads an avatar (B’s)', async () => uploadAvatar(t, B, await photo('png', 32, 32)), ok],
    [
      'reads settings',
      () => as(B, 'GET', '/api/settings'),
      (res) => expect(res.json()).toEqual({ date_order: 'MDY', theme: 'system', home_currency: 'USD', time_zone: null }),
    ],
    ['changes settings (B’s)', () => as(B, 'PUT', '/api/settings', { theme: 'light' }), ok],
    [
      'exports JSON',
      () => as(B, 'GET', '/api/export?format=json'),
      (res) => expect(res.json().receipts.map((r: { id: string }) => r.id)).toEqual([bReceipt.id]),
    ],
    ['exports CSV', () => as(B, 'GET', '/api/export?format=csv'), ok],
    ['exports the items CSV', () => as(B, 'GET', '/api/export?format=csv&rows=items'), ok],
    ['lists drafts', () => as(B, 'GET', '/receipts/drafts'), (res) => expect(res.json()).toEqual([])],
    ["retries A's draft", () => as(B, 'POST', `/receipts/drafts/${a.draftId}/retry`), notFound],
    ["discards A's draft", () => as(B, 'DELETE', `/receipts/drafts/${a.draftId}`), notFound],
    ["saves A's draft as B's receipt", () => as(B, 'POST', '/receipts', { store_name: 'x', date: todayUtc(), total_amount: 1, draft_id: a.draftId }), notFound],
    ['scans (nothing of A to reach)', () => as(B, 'POST', '/scan/receipt-base64', { image_data: 'not-an-image' }), (res) => expect(res.statusCode).toBe(400)],
    ['reads currency rates', () => as(B, 'GET', '/api/currency-rates'), (res) => expect(res.json()).toEqual([])],
    ['replaces currency rates (B’s)', () => as(B, 'PUT', '/api/currency-rates', [{ currency: 'EUR', rate: 1.1, valid_from: '2020-01-01' }]), ok],
    ["commits A's statement preview", () => as(B, 'POST', '/api/import/commit', { preview_id: a.previewId }), notFound, () => [a.previewId]],
    [
      "previews a statement whose row is A's receipt (B's own preview, no match)",
      async () =>
        as(
          B,
          'POST',
          '/api/import/preview',
          undefined,
          await statementForm({ bytes: Buffer.from(`Date,Description,Amount\r\n${todayUtc()},${a.store},-4321.09\r\n`) }),
        ),
      (res) => expect(res.json().rows.map((r: { status: string }) => r.status)).toEqual(['new']),
      () => [a.store, '4321.09'],
    ],
    ["reads B's own receipts address, never A's", () => as(B, 'GET', '/api/mail-in'), (res) => expect(res.json().allowed_senders).toEqual([])],
    ['makes a new receipts address (B’s own; A’s stays)', () => as(B, 'POST', '/api/mail-in/address'), ok],
    ["allows A's address as a sender (B's own list)", () => as(B, 'PUT', '/api/mail-in/senders', { senders: [A.email] }), ok, () => [A.email]],
    ["deletes the account confirming with A's email", () => as(B, 'DELETE', '/api/account', { confirm: A.email }), badRequest],
    ["fetches A's image without a signature", () => t.app.inject({ method: 'GET', url: new URL(a.imageUrl).pathname }), forbidden],
    // Last, as B's data then holds that name. Names are unique per user only: a 409 here would tell B that A has a category of that name.
    [
      "creates a category with A's category's name (B's own)",
      () => as(B, 'POST', '/categories', { name: a.category }),
      (res) => {
        expect(res.statusCode).toBe(201);
        expect(res.json()._id).not.toBe(a.categoryId);
      },
      () => [a.category],
    ],
  ];

  // Every row gets four entries: jest-each takes a missing one for a done callback.
  const rows = attacks.map(([name, send, expectation, echoes]) => [name, send, expectation, echoes ?? (() => [])] as const);
  it.each(rows)('%s', async (_name, send, expectation, echoes) => {
    const res = await send();
    expect(res.statusCode).toBeLessThan(500);
    expectation(res);
    const echoed = echoes();
    for (const secret of secrets().filter((s) => !echoed.includes(s))) expect(res.body).not.toContain(secret);
    if (res.statusCode >= 400) expect(isErrorBody(res.statusCode, res.json())).toBe(true);
  });

  it("leaves every answer of A's byte for byte as it was", async () => {
    expect(await snapshotOfA()).toEqual(before);
  });
});

function notFound(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(404);
}
function badRequest(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(400);
}
/** The same answer as for a category that does not exist at all: nothing tells B it is A's. */
function unknownCategory(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toMatch(/^Unknown category: /);
}
function forbidden(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(403);
}
function ok(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
}
function emptyList(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual([]);
  expect(res.headers['x-total-count']).toBe('0');
}

describe('receipt image links', () => {
  const parts = () => {
    const u = new URL(a.imageUrl);
    return { path: u.pathname, exp: u.searchParams.get('exp')!, sig: u.searchParams.get('sig')! };
  };

  it("serve the owner's signed URL", async () => {
    const res = await t.app.inject({ method: 'GET', url: pathOf(a.imageUrl) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    [
      'another key with A’s signature',
      () => {
        const p = parts();
        return `${new URL(bReceipt.imageUrl!).pathname}?exp=${p.exp}&sig=${p.sig}`;
      },
    ],
    [
      'another user’s path with A’s signature',
      () => {
        const p = parts();
        return `${p.path.replace(A.uid, B.uid)}?exp=${p.exp}&sig=${p.sig}`;
      },
    ],
    [
      'a later expiry',
      () => {
        const p = parts();
        return `${p.path}?exp=${Number(p.exp) + 300}&sig=${p.sig}`;
      },
    ],
    [
      'an altered signature',
      () => {
        const p = parts();
        return `${p.path}?exp=${p.exp}&sig=${p.sig.slice(0, -1)}${p.sig.endsWith('A') ? 'B' : 'A'}`;
      },
    ],
    ['no signature', () => `${parts().path}?exp=${parts().exp}`],
    ['no expiry', () => `${parts().path}?sig=${parts().sig}`],
    [
      'a guessed file name',
      () => {
        const p = parts();
        return `/blobs/receipts/${A.uid}/${crypto.randomUUID()}.png?exp=${p.exp}&sig=${p.sig}`;
      },
    ],
    [
      'a path escaping the folder',
      () => {
        const p = parts();
        return `/blobs/receipts/..%2F..%2Fpglite/PG_VERSION?exp=${p.exp}&sig=${p.sig}`;
      },
    ],
    [
      'an expired link signed by the server',
      () => pathOf(t.app.blobUrls.url(new URL(a.imageUrl).pathname.replace('/blobs/receipts/', ''), Date.now() - 3_600_000)),
    ],
  ])('refuse %s', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url: url() });
    expect([403, 404]).toContain(res.statusCode);
    expect(isErrorBody(res.statusCode, res.json())).toBe(true);
  });
});

/** A JWT like the emulator's (unsigned) with some claims changed. */
function forge(token: string, change: (claims: Record<string, unknown>) => void): string {
  const [head, body] = token.split('.');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
  change(claims);
  return `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
}

describe('requests without a valid token get 401 on every secured route', () => {
  const fill = (url: string) => url.replace(':id', a.receiptId);
  const now = () => Math.floor(Date.now() / 1000);
  const tokens: Array<[string, () => string | null | Promise<string>]> = [
    ['no token', () => null],
    ['a malformed token', () => 'not-a-jwt'],
    ['a token of three junk parts', () => 'aaa.bbb.ccc'],
    [
      'an expired token',
      () =>
        forge(A.token, (c) => {
          c.iat = now() - 7200;
          c.auth_time = now() - 7200;
          c.exp = now() - 3600;
        }),
    ],
    [
      'a token of another project',
      () =>
        forge(A.token, (c) => {
          c.aud = 'other-project';
          c.iss = 'https://securetoken.google.com/other-project';
        }),
    ],
  ];

  it.each(tokens)('%s', async (_name, make) => {
    const token = await make();
    for (const route of SECURED_ROUTES) {
      const res = await t.app.inject({
        method: route.method,
        url: fill(route.url),
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
        payload: route.body ? {} : undefined,
      });
      expect([route.url, res.statusCode]).toEqual([route.url, 401]);
      expect(isErrorBody(401, res.json())).toBe(true);
    }
  });

  it('a revoked token (never verified before the revocation, so no cached verdict)', async () => {
    const email = uniqueEmail('revoked');
    const { uid, token } = await emulatorSignUp(email, 'secret-pass-1');
    // Revocation is in whole seconds and applies to tokens issued before it.
    await new Promise((r) => setTimeout(r, 1100));
    const identity = createIdentity(t.config);
    try {
      await identity.auth.revokeRefreshTokens(uid);
    } finally {
      await identity.close();
    }
    for (const route of SECURED_ROUTES) {
      const res = await t.app.inject({
        method: route.method,
        url: fill(route.url),
        headers: { authorization: `Bearer ${token}` },
        payload: route.body ? {} : undefined,
      });
      expect([route.url, res.statusCode]).toEqual([route.url, 401]);
      expect(res.json().message).toBe('Your session was signed out. Please sign in again.');
    }
  });
});
