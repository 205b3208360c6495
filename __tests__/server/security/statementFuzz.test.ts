import fc from 'fast-check';
import { sql } from 'kysely';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp, type TestUser } from '../helpers';
import { addReceipt, todayUtc } from '../modules/receipts/fixtures';
import { day } from '../modules/imports/importApi';
import { statementForm } from '../modules/imports/statementForm';
import { expectSane } from './routes';
import { IMPORT_PREVIEWS_PER_MINUTE } from '../../../src/server/modules/imports/routes';
import { MAX_STATEMENT_COLUMNS, MAX_STATEMENT_FIELD_CHARS } from '../../../src/shared/constants/imports';
import type { ImportCommitState } from '../../../src/shared/imports';

/**
 * Property-based hostile bank statements to POST /api/import/preview, their commits to POST
 * /api/import/commit and GET /api/import/commit/:id, and hostile settings to PUT /api/settings.
 * No answer is a 5xx, every 4xx is the one error shape with a message, a refused request writes
 * nothing, and an accepted commit finishes.
 */
jest.setTimeout(300_000);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: '0', READ_RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t?.close());

const send = (user: TestUser, opts: InjectOptions): Promise<LightMyRequestResponse> => t.request(user, opts);

/** What a person's imports and receipts have written, to compare before and after a refused request. */
async function written(user: TestUser) {
  const { rows } = await sql<Record<string, number | string>>`
    SELECT (SELECT count(*)::int FROM import_previews WHERE user_id = ${user.uid}) AS previews,
           (SELECT count(*)::int FROM import_previews WHERE user_id = ${user.uid} AND status <> 'previewed') AS commits,
           (SELECT count(*)::int FROM import_mappings WHERE user_id = ${user.uid}) AS mappings,
           (SELECT count(*)::int FROM import_rows WHERE user_id = ${user.uid}) AS import_rows,
           (SELECT coalesce(string_agg(id::text || ' ' || currency || ' ' || amount_cents || ' ' || coalesce(rate::text, '-'), ',' ORDER BY id), '')
              FROM receipts WHERE user_id = ${user.uid}) AS receipts,
           (SELECT coalesce(string_agg(quote || currency || valid_from::text || ' ' || rate::text, ',' ORDER BY quote, currency, valid_from), '') FROM currency_rates WHERE user_id = ${user.uid}) AS rates`.execute(
    t.db.db,
  );
  return rows[0];
}

// ---------- hostile statements ----------

const HOSTILE_CELLS = [
  // Formulas, as a spreadsheet would run them (a ';' first where it is the list separator).
  '=1+1',
  '=HYPERLINK("http://evil.example","x")',
  "+cmd|' /C calc'!A0",
  '-2+3',
  '@SUM(A1:A9)',
  ';=1+1',
  '\t=1',
  // NUL, byte-order marks, replacement characters, direction overrides.
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\uFEFFDate',
  '\uFFFD',
  '\u202Eevil',
  // Quotes that do not match.
  '"',
  '"unclosed',
  'a"b',
  '"a""b',
  '""',
  // Dates no receipt can have, and no date at all.
  '9999-12-31',
  '4000-06-15',
  '1899-12-31',
  '1900-01-01',
  '0000-00-00',
  '2026-02-30',
  '31/02/2026',
  '13/13/2026',
  'yesterday',
  '',
  // Amounts that are not, or are too large.
  '1e309',
  'NaN',
  '-Infinity',
  '--5',
  '(12.50)',
  '1.234,56',
  '99999999999999999999',
  '0',
  '-0.001',
  '0.00000001',
  // Fields at and past the longest, and the other delimiters inside one.
  'x'.repeat(MAX_STATEMENT_FIELD_CHARS),
  'x'.repeat(MAX_STATEMENT_FIELD_CHARS + 1),
  ',;|\t',
  '\r',
  '\n',
];

const cell = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_CELLS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);

/** A statement's row as a bank writes it, with hostile cells in place of some. */
const row = fc.record({
  n: fc.integer({ min: 0, max: 20 }),
  amount: fc.integer({ min: -5000, max: 5000 }),
  replaced: fc.array(fc.record({ at: fc.nat(5), with: cell }), { maxLength: 2 }),
  extra: fc.array(cell, { maxLength: 2 }),
});

const statement = fc.record({
  /** Rows as the bank wrote them, no byte put in: so that some files get as far as their commit. */
  clean: fc.boolean(),
  bom: fc.boolean(),
  delimiter: fc.constantFrom(',', ',', ';', '\t', '|', ' '),
  /** The delimiter the rows are written with: now and then not the header's. */
  rowDelimiter: fc.option(fc.constantFrom(',', ';', '\t'), { nil: undefined, freq: 4 }),
  lineEnd: fc.constantFrom('\n', '\r\n', '\r'),
  header: fc.oneof(
    { weight: 4, arbitrary: fc.constant(['Date', 'Description', 'Amount']) },
    { weight: 1, arbitrary: fc.array(cell, { maxLength: 5 }) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: MAX_STATEMENT_COLUMNS - 1, max: MAX_STATEMENT_COLUMNS + 3 }).map((n) => Array.from({ length: n }, (_, i) => `c${i}`)),
    },
  ),
  rows: fc.array(row, { maxLength: 12 }),
  blankLines: fc.nat(3),
  /** Bytes put in at places: NUL, a lone UTF-8 lead or continuation byte, Windows-1252 quotes. */
  stray: fc.array(fc.record({ at: fc.nat(), byte: fc.constantFrom(0x00, 0x80, 0x92, 0x93, 0xc3, 0xe2, 0xfe, 0xff) }), { maxLength: 3 }),
  mapping: fc.option(
    fc.oneof(
      fc.constant(JSON.stringify({ date: 0, description: 1, amount: 2, date_order: 'ISO' })),
      fc.constant(JSON.stringify({ date: 0, description: 0, amount: 250, date_order: 'ISO' })),
      fc.constantFrom('{', '[]', 'null', '{"date":-1}', '{"__proto__":{"x":1}}', 'x'.repeat(3000)),
    ),
    { nil: undefined, freq: 3 },
  ),
  type: fc.constantFrom('text/csv', 'text/csv', 'text/plain', 'application/octet-stream', 'application/pdf', 'text/csv; charset=utf-16'),
});

type Statement = typeof statement extends fc.Arbitrary<infer T> ? T : never;

function fileOf(s: Statement): Buffer {
  const lines = [s.header.join(s.delimiter)];
  for (const r of s.rows) {
    const cells = [day(r.n), `SHOP ${r.n}`, (r.amount / 100).toFixed(2), ...(s.clean ? [] : r.extra)];
    for (const { at, with: text } of s.clean ? [] : r.replaced) cells[at % cells.length] = text;
    lines.push(cells.join(s.rowDelimiter ?? s.delimiter));
  }
  for (let i = 0; i < s.blankLines; i++) lines.push('');
  let bytes = Buffer.from(`${s.bom ? '\uFEFF' : ''}${lines.join(s.lineEnd)}`);
  for (const { at, byte } of s.clean ? [] : s.stray) {
    const i = at % (bytes.length + 1);
    bytes = Buffer.concat([bytes.subarray(0, i), Buffer.from([byte]), bytes.subarray(i)]);
  }
  return bytes;
}

/** Changes a commit may send: real lines and lines that are none, actions and receipts that do not fit. */
const changes = fc.option(
  fc.array(
    fc.record({
      line: fc.oneof(fc.integer({ min: 1, max: 15 }), fc.constantFrom(0, -1, 2 ** 31, 1e9)),
      action: fc.constantFrom('add', 'skip', 'link', 'delete', ''),
      receipt_id: fc.option(fc.oneof(fc.uuid(), fc.constantFrom('not-a-uuid', "'; DROP TABLE receipts; --")), { nil: undefined }),
    }),
    { maxLength: 3 },
  ),
  { nil: undefined, freq: 2 },
);

const oddIds = fc.constantFrom('not-a-uuid', '00000000-0000-0000-0000-000000000000', '%00', "'; --", '..', 'x'.repeat(100));

/** The person sending, a new one before the preview limit is reached, so each file is read. */
let sender: TestUser | null = null;
let sentBy = 0;
async function person(): Promise<TestUser> {
  if (!sender || sentBy >= IMPORT_PREVIEWS_PER_MINUTE - 1) {
    sender = await t.signUp();
    sentBy = 0;
  }
  sentBy++;
  return sender;
}

/** Follows an accepted commit as the screen does until it is no longer importing. */
async function followed(user: TestUser, id: string): Promise<ImportCommitState> {
  for (let tries = 0; tries < 2_000; tries++) {
    const res = await send(user, { method: 'GET', url: `/api/import/commit/${id}` });
    expectSane(res, `GET /api/import/commit/${id}`);
    expect(res.statusCode).toBe(200);
    const state = res.json() as ImportCommitState;
    if (state.status !== 'importing') return state;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the import of ${id} never finished`);
}

const previews = { sent: 0, read: 0, committed: 0 };

describe('hostile statements', () => {
  it('previews, commits and follows them: no 5xx, every 4xx in the one error shape, nothing written when refused', async () => {
    await fc.assert(
      fc.asyncProperty(statement, changes, oddIds, async (s, sentChanges, oddId) => {
        const user = await person();
        const bytes = fileOf(s);
        const what = `preview of ${JSON.stringify(bytes.subarray(0, 200).toString('latin1'))} (${bytes.length} bytes, ${s.type})`;
        const before = await written(user);
        const form = await statementForm({ bytes, type: s.type, ...(s.mapping === undefined ? {} : { mapping: s.mapping }) });
        const previewed = await send(user, { method: 'POST', url: '/api/import/preview', ...form });
        previews.sent++;
        expectSane(previewed, what);
        if (previewed.statusCode !== 200) {
          expect(await written(user)).toEqual(before);
          return;
        }
        previews.read++;
        const { id, mapping_complete: complete } = previewed.json() as { id: string; mapping_complete: boolean };
        const stored = await written(user);
        const committed = await send(user, {
          method: 'POST',
          url: '/api/import/commit',
          payload: { preview_id: id, ...(sentChanges ? { changes: sentChanges } : {}) },
        });
        expectSane(committed, `commit of ${what} with ${JSON.stringify(sentChanges)}`);
        if (committed.statusCode >= 400) {
          expect(await written(user)).toEqual(stored);
          // Not committed: there is no import to follow.
          expect((await send(user, { method: 'GET', url: `/api/import/commit/${id}` })).statusCode).toBe(404);
        } else {
          expect(complete).toBe(true);
          previews.committed++;
          expect((await followed(user, id)).status).toBe('done');
        }
        const odd = await send(user, { method: 'GET', url: `/api/import/commit/${encodeURIComponent(oddId)}` });
        expectSane(odd, `GET /api/import/commit/${oddId}`);
        expect(odd.statusCode).toBe(404);
      }),
      { numRuns: 150 },
    );
    // The generated files reach every path: refused, read, and committed.
    expect(previews.read).toBeGreaterThan(10);
    expect(previews.committed).toBeGreaterThan(5);
    expect(previews.sent - previews.read).toBeGreaterThan(10);
  });
});

// ---------- hostile settings ----------

const settingsBody = fc.record(
  {
    home_currency: fc.oneof(fc.constantFrom('EUR', 'USD', 'KWD', 'JPY', 'GBP'), fc.constantFrom(...HOSTILE_CELLS), fc.string({ maxLength: 5 })),
    home_currency_rate: fc.oneof(
      fc.constantFrom(0.9, 1.1, 0.3, 1e-8, 1e-12, 1e12, 1e308, 5e-324, 0, -1, -0),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(...HOSTILE_CELLS),
    ),
    time_zone: fc.oneof(fc.constantFrom('UTC', 'Europe/London', 'America/New_York', 'Mars/Olympus', '+25:00'), fc.constantFrom(...HOSTILE_CELLS)),
    date_order: fc.constantFrom('MDY', 'DMY', '=1+1', '\u0000'),
    theme: fc.constantFrom('dark', 'light', '\uFEFFdark'),
  },
  { requiredKeys: [] },
);

describe('hostile settings', () => {
  it('PUT /api/settings: no 5xx, every 4xx in the one error shape, nothing changed when refused', async () => {
    const user = await t.signUp();
    // Receipts in the home currency and in others, at rates a change chains through (one near nothing).
    await addReceipt(t, user, { store: 'Home', amount: 10 });
    for (const foreign of [
      { store: 'Abroad', amount: 25, currency: 'EUR', rate: 1.1 },
      { store: 'Tiny', amount: 100, currency: 'JPY', rate: 1e-8 },
    ]) {
      const res = await send(user, { method: 'POST', url: '/receipts', payload: { ...foreign, date: todayUtc() } });
      expect(res.statusCode).toBe(201);
    }
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(settingsBody, async (body) => {
        const before = await written(user);
        const shownBefore = (await send(user, { method: 'GET', url: '/api/settings' })).json();
        const res = await send(user, { method: 'PUT', url: '/api/settings', payload: body });
        expectSane(res, `PUT /api/settings ${JSON.stringify(body)}`);
        if (res.statusCode >= 400) {
          refused++;
          expect(await written(user)).toEqual(before);
          expect((await send(user, { method: 'GET', url: '/api/settings' })).json()).toEqual(shownBefore);
        }
      }),
      { numRuns: 150 },
    );
    expect(refused).toBeGreaterThan(10);
  });
});
