import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { startTestApp, testNow, type TestApp, type TestUser } from '../helpers';
import { addReceipt, todayUtc } from '../modules/receipts/fixtures';
import { ROUTES, expectSane, type RouteSpec } from './routes';
import { MAX_AMOUNT } from '../../../src/shared/money';
import { CATEGORY_ICONS } from '../../../src/shared/categories';

/**
 * Property-based bad input: generated requests over every route. Not one answer is a 5xx, every
 * 4xx is the one error shape with a message, and valid data comes back exactly as sent.
 */
jest.setTimeout(180_000);

let t: TestApp;
let user: TestUser;
/** The round-trip properties' own account, so searches and lists see only their data. */
let owner: TestUser;
let ids: { receipt: string; category: string; notification: string; household: string; member: string; me: string };
let sent = 0;

/** Every request of this file goes through here, so the total can be asserted. */
async function send(opts: InjectOptions): Promise<LightMyRequestResponse> {
  sent++;
  return t.app.inject(opts);
}

beforeAll(async () => {
  // Thousands of writes from two users: far past what a person sends, so no write limit here.
  t = await startTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: '0', READ_RATE_LIMIT_PER_MINUTE: '0' });
  [user, owner] = await Promise.all([t.signUp(), t.signUp()]);
  const r = await addReceipt(t, user, { store: 'Seed' });
  const notes = (await t.request(user, { method: 'GET', url: '/notifications' })).json();
  const household = (await t.request(user, { method: 'POST', url: '/api/households', payload: { name: 'Seed' } })).json();
  const withKid = (await t.request(user, { method: 'POST', url: `/api/households/${household._id}/members`, payload: { display_name: 'Kid' } })).json();
  ids = {
    receipt: r.id,
    category: r.categoryId,
    notification: notes[0].id,
    household: household._id,
    member: withKid.members[1]._id,
    me: withKid.my_member_id,
  };
  // Something owed, so a settlement's valid body gets past the balance check.
  await addReceipt(t, user, { store: 'Shared', amount: 5000, household_id: household._id });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

// ---------- generators ----------

const INJECTIONS = [
  '<script>alert(1)</script>',
  "'; DROP TABLE receipts; --",
  "' OR '1'='1",
  '" OR ""="',
  '1; SELECT pg_sleep(10)',
  '${7*7}',
  '{{7*7}}',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../etc/passwd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil',
  '\uFEFF',
  '👨‍👩‍👧‍👦',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '𝕿𝖆𝖑𝖑𝖞',
  '\r\n\t',
  ' ',
  '',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '9'.repeat(400),
  'a'.repeat(5000),
];

const oddString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
);
const oddNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    5e-324,
    0.001,
    -0.01,
    0.005,
    1e21,
    MAX_AMOUNT,
    MAX_AMOUNT + 0.01,
    -MAX_AMOUNT - 1,
    0,
    -0,
  ),
);
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: oddString },
  { weight: 3, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.array(oddString, { maxLength: 3 }) },
);

/** A valid body for each body route, that the fuzzer then breaks one piece of. */
function validBody(route: RouteSpec): Record<string, unknown> {
  const day = todayUtc();
  switch (`${route.method} ${route.url}`) {
    case 'POST /receipts':
      return { store: 'Shop', date: day, amount: 12.5, description: 'd', paymentMethod: 'card', tax: 1, items: [{ name: 'x', price: 1, quantity: 2 }] };
    case 'PUT /receipts/:id':
      return { store: 'Shop', date: day, amount: 3, category: 'Food' };
    case 'POST /categories':
    case 'PUT /categories/:id':
      return { name: 'Fuzz', color: '#123456', icon: 'tag', budget: 10 };
    case 'POST /dashboard/budget':
      return { amount: 100 };
    case 'PUT /api/profile/':
      return { display_name: 'Name', first_name: 'F', last_name: 'L', monthly_budget: 50 };
    case 'PUT /api/settings':
      return { theme: 'dark', date_order: 'DMY' };
    case 'POST /api/auth/register':
    case 'POST /profile/':
      return { user_id: user.uid, email: user.email, display_name: 'Name' };
    case 'POST /scan/receipt-base64':
      return { image_data: 'data:image/png;base64,iVBORw0KGgo=' };
    case 'POST /api/households':
    case 'PUT /api/households/:id':
      return { name: 'Flat' };
    case 'POST /api/households/:id/members':
      return { display_name: 'Kid' };
    case 'POST /api/households/:id/invitations':
      return { email: 'friend@example.com' };
    case 'POST /api/households/:id/settlements':
      return { from_member_id: ids.member, to_member_id: ids.me, amount: 1, currency: 'USD' };
    case 'POST /api/households/invitations/accept':
    case 'POST /api/households/invitations/decline':
      return { token: 'not-a-real-token' };
    case 'PUT /api/prices/products':
      return { item: 'x', same_as: 'Seed item' };
    case 'DELETE /api/account':
      return { confirm: 'not-the-owner@example.com' };
    default:
      return {};
  }
}

/** One broken piece: a field set to an odd value, removed, added, or the whole body replaced. */
const bodyChange = fc.oneof(
  fc.record({ op: fc.constant('set' as const), index: fc.nat(), value: oddValue }),
  fc.record({ op: fc.constant('drop' as const), index: fc.nat() }),
  fc.record({
    op: fc.constant('extra' as const),
    key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'user_id', 'id', 'uid', 'is_admin'), fc.string({ maxLength: 20 })),
    value: oddValue,
  }),
  fc.record({ op: fc.constant('whole' as const), value: oddValue }),
  fc.record({
    op: fc.constant('nested' as const),
    index: fc.nat(),
    value: fc.array(fc.dictionary(fc.constantFrom('name', 'price', 'quantity', 'category', 'x'), oddValue), { maxLength: 3 }),
  }),
);

type BodyChange = typeof bodyChange extends fc.Arbitrary<infer T> ? T : never;

function applyChange(base: Record<string, unknown>, change: BodyChange): unknown {
  const keys = Object.keys(base);
  const body: Record<string, unknown> = { ...base };
  const pick = (index: number) => (keys.length ? keys[index % keys.length] : 'field');
  switch (change.op) {
    case 'set':
    case 'nested':
      body[pick(change.index)] = change.value;
      return body;
    case 'drop':
      delete body[pick(change.index)];
      return body;
    // defineProperty, so that a key like __proto__ becomes a real JSON field.
    case 'extra':
      Object.defineProperty(body, change.key, { value: change.value, enumerable: true });
      return body;
    default:
      return change.value;
  }
}

/** encodeURIComponent, with lone surrogates (which it refuses) replaced as a browser would. */
const enc = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

const ODD_SEGMENTS = ['%', '%zz', '%00', '..', '%2e%2e', '%2F', 'read-all', '00000000-0000-0000-0000-000000000000', '-1', '1e9', 'undefined'];
const pathParam = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('receipt', 'category', 'notification', 'household', 'member').map((k) => ({ real: k as keyof typeof ids })) },
  { weight: 1, arbitrary: fc.uuid().map((raw) => ({ raw })) },
  { weight: 2, arbitrary: oddString.map((s) => ({ raw: enc(s) || 'x' })) },
  { weight: 1, arbitrary: fc.constantFrom(...ODD_SEGMENTS).map((raw) => ({ raw })) },
);
const QUERY_KEYS = ['search', 'category', 'sort', 'order', 'limit', 'offset', 'tz', 'range', 'format', 'include_read', 'exp', 'sig', 'x', 'limit[]'];
const query = fc.dictionary(
  fc.constantFrom(...QUERY_KEYS),
  fc.oneof(oddString, oddNumber.map(String), fc.constantFrom('asc', 'desc', 'amount', 'UTC', 'Mars/Olympus', 'weekly', 'csv', 'true')),
  { maxKeys: 4 },
);
const encoding = fc.constantFrom('json', 'json', 'json', 'json', 'malformed', 'text', 'form', 'none', 'json-as-text', 'charset');

const request = fc.record({
  route: fc.constantFrom(...ROUTES),
  param: pathParam,
  param2: pathParam,
  change: bodyChange,
  query,
  encoding,
  auth: fc.constantFrom('user', 'user', 'user', 'user', 'user', 'none', 'junk'),
  malformed: fc.constantFrom(
    '{',
    '{"store": }',
    '[1,2',
    '"unterminated',
    '{"a":1}{"b":2}',
    'nul\u0000',
    '{"amount": NaN}',
    '{"amount": Infinity}',
    '\uFEFF{}',
    '',
    'true',
  ),
});

type GeneratedRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

function build(r: GeneratedRequest): InjectOptions {
  const seg = (p: { real?: keyof typeof ids; raw?: string }) => (p.real ? ids[p.real] : p.raw!);
  let url = r.route.url.replace(':id', seg(r.param)).replace(':user', seg(r.param2)).replace(':file', seg(r.param)).replace(':member_id', seg(r.param2));
  const qs = Object.entries(r.query)
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
  if (qs) url += `?${qs}`;
  const headers: Record<string, string> = {};
  if (r.auth === 'user') headers.authorization = `Bearer ${user.token}`;
  if (r.auth === 'junk') headers.authorization = 'Bearer x.y.z';
  const opts: InjectOptions = { method: r.route.method, url, headers };
  if (r.route.method === 'GET' && r.encoding !== 'json') return opts;
  const body = applyChange(validBody(r.route), r.change);
  switch (r.encoding) {
    case 'json':
      headers['content-type'] = 'application/json';
      opts.payload = JSON.stringify(body) ?? 'null';
      break;
    case 'charset':
      headers['content-type'] = 'application/json; charset=latin1';
      opts.payload = JSON.stringify(body) ?? 'null';
      break;
    case 'json-as-text':
      headers['content-type'] = 'text/plain';
      opts.payload = JSON.stringify(body) ?? 'null';
      break;
    case 'malformed':
      headers['content-type'] = 'application/json';
      opts.payload = r.malformed;
      break;
    case 'text':
      headers['content-type'] = 'text/html';
      opts.payload = '<b>hi</b>';
      break;
    case 'form':
      headers['content-type'] = 'application/x-www-form-urlencoded';
      opts.payload = 'store=x&amount=1';
      break;
    default:
      break;
  }
  return opts;
}

const storeText = fc
  .oneof(
    fc.constantFrom(
      '<script>alert(1)</script>',
      "'; DROP TABLE receipts; --",
      '<img src=x onerror=alert(1)>',
      'Café 東京 👨‍👩‍👧',
      'O\'Brien & Sons "Deli"',
      '\\x00 \\n %s %d',
    ),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 120 }),
  )
  .filter((s) => s.trim().length > 0 && s.length <= 200 && !s.includes('\u0000'));

const calendarDate = fc.date({ min: new Date('1970-01-02T00:00:00Z'), max: testNow(), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const cents = (min: number, max: number) => fc.integer({ min, max }).map((c) => c / 100);
const nonZeroAmount = cents(-MAX_AMOUNT * 100, MAX_AMOUNT * 100).filter((a) => a !== 0);

// ---------- properties ----------

const RANDOM_RUNS = 9_300;

describe('generated requests', () => {
  it(`${RANDOM_RUNS} random requests over every route: no 5xx, every 4xx in the one error shape`, async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const opts = build(r);
        const res = await send(opts);
        expectSane(res, `${opts.method} ${opts.url} ${String(opts.payload ?? '').slice(0, 200)}`);
      }),
      { numRuns: RANDOM_RUNS },
    );
  });

  it('oversized bodies get 413 with a clear message on every JSON route', async () => {
    for (const route of ROUTES.filter((r) => r.body)) {
      const big =
        route.url === '/receipts' || route.url === '/receipts/:id' || route.url === '/scan/receipt-base64'
          ? 13 * 1024 * 1024
          : route.url === '/api/import/commit'
            ? 5 * 1024 * 1024
            : 65 * 1024;
      const res = await send({
        method: route.method,
        url: route.url.replace(':id', ids.receipt),
        // The owner has used no rate-limited route yet, so the size is what answers.
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ store: 'x'.repeat(big) }),
      });
      expectSane(res, `${route.method} ${route.url} oversized`);
      expect([route.url, res.statusCode]).toEqual([route.url, 413]);
      expect(res.json().message).toMatch(/too large/i);
    }
  });

  it('receipts round-trip exactly (after trimming), injection strings included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .record({
            store: storeText,
            date: calendarDate,
            amount: nonZeroAmount,
            description: fc.option(
              storeText.filter((s) => s.length <= 500),
              { nil: undefined },
            ),
            paymentMethod: fc.option(fc.constantFrom('card', 'cash', '<b>bold</b>', "'; --"), { nil: undefined }),
            tax: fc.option(cents(0, 100_000), { nil: undefined }),
            items: fc.option(
              fc.array(fc.record({ name: storeText, price: cents(-100_000, 100_000), quantity: fc.integer({ min: 1, max: 1000 }) }), { maxLength: 4 }),
              { nil: undefined },
            ),
          })
          // Tax is at most the amount (more is refused, which the 400 tests hold).
          .map((r) => (r.tax === undefined ? r : { ...r, tax: Math.min(r.tax, Math.abs(r.amount)) })),
        async (receipt) => {
          const created = await send({ method: 'POST', url: '/receipts', headers: { authorization: `Bearer ${owner.token}` }, payload: receipt });
          expect(created.statusCode).toBe(201);
          const shown = await send({ method: 'GET', url: `/receipts/${created.json().id}`, headers: { authorization: `Bearer ${owner.token}` } });
          expect(shown.statusCode).toBe(200);
          const r = shown.json();
          expect(r).toMatchObject({
            store: receipt.store.trim(),
            date: receipt.date,
            amount: receipt.amount,
            description: receipt.description?.trim() ?? '',
            ...(receipt.paymentMethod === undefined ? {} : { paymentMethod: receipt.paymentMethod.trim() }),
            tax: receipt.tax ?? null,
            items: (receipt.items ?? []).map((i) => ({ name: i.name.trim(), price: i.price, quantity: i.quantity })),
          });
          // Found again by searching for it: the store text is data, never SQL.
          const search = Array.from(receipt.store.trim()).slice(0, 100).join('');
          const found = await send({ method: 'GET', url: `/receipts?limit=500&search=${enc(search)}`, headers: { authorization: `Bearer ${owner.token}` } });
          expect(found.statusCode).toBe(200);
          expect(found.json().map((x: { id: string }) => x.id)).toContain(r.id);
        },
      ),
      { numRuns: 250 },
    );
  });

  it('categories round-trip exactly (after trimming)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: storeText.filter((s) => s.length <= 50),
          color: fc.constantFrom('#000000', '#ABCDEF', '#a1b2c3'),
          icon: fc.constantFrom(...CATEGORY_ICONS.map((i) => i.value)),
          budget: fc.option(cents(0, MAX_AMOUNT * 100), { nil: null }),
        }),
        async (cat) => {
          const res = await send({ method: 'POST', url: '/categories', headers: { authorization: `Bearer ${owner.token}` }, payload: cat });
          // A name taken already (a default, an earlier run, the fuzzer's) is a clear 409.
          if (res.statusCode === 409) return expectSane(res, 'duplicate category');
          expect(res.statusCode).toBe(201);
          const list = await send({ method: 'GET', url: '/categories', headers: { authorization: `Bearer ${owner.token}` } });
          const stored = list.json().find((c: { _id: string }) => c._id === res.json()._id);
          expect(stored).toMatchObject({ name: cat.name.trim(), color: cat.color, icon: cat.icon, budget: cat.budget });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('text with a NUL character is refused with a clear 400 (PostgreSQL cannot store it)', async () => {
    const auth = { authorization: `Bearer ${owner.token}` };
    for (const opts of [
      { method: 'POST' as const, url: '/receipts', payload: { store: 'a\u0000b', date: todayUtc(), amount: 1 } },
      { method: 'POST' as const, url: '/categories', payload: { name: 'nul\u0000name' } },
      { method: 'GET' as const, url: '/receipts?search=%00' },
    ]) {
      const res = await send({ ...opts, headers: auth });
      expect([opts.url, res.statusCode, res.json().message]).toEqual([opts.url, 400, 'Text must not contain NUL (\\u0000) characters']);
    }
  });

  it('sent at least 10,000 requests in total', () => {
    expect(sent).toBeGreaterThanOrEqual(10_000);
  });
});
