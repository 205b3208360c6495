import iconv from 'iconv-lite';
import { sql } from 'kysely';
import { addDays, addMonths } from '../../../../src/shared/calendar';
import { MAX_STATEMENT_BYTES, type ImportMapping, type ImportRowChange } from '../../../../src/shared/imports';
import { startTestApp, type TestApp } from '../../helpers';
import { addReceipt } from '../receipts/fixtures';
import { csv, day, dmy, importApi, mdy, monthStart } from './importApi';
import { statementForm, type StatementUpload } from './statementForm';

/**
 * Statement imports through the real API: multipart uploads, the real database (PGlite, or
 * PostgreSQL at DATABASE_URL), the real auth emulator.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const { previewRequest, preview, commitRequest, commit, receiptsOf, countOf } = importApi(() => t);

/** An American card's export: spending negative, ISO dates, a header Tally reads on its own. */
const cardStatement = () =>
  csv('Date,Description,Amount', `${day(1)},GREEN GROCER #1021,-42.50`, `${day(2)},"CITY POWER, BILL",-88.00`, `${day(3)},RETURN: SHOE SHOP,25.00`);

describe('POST /api/import/preview', () => {
  it('reads a statement with a guessed mapping and shows every row as new; writes only the file', async () => {
    const user = await t.signUp();
    const p = await preview(user, { bytes: cardStatement(), name: 'card.csv' });
    expect(p).toMatchObject({
      file_name: 'card.csv',
      encoding: 'utf-8',
      delimiter: ',',
      header: ['Date', 'Description', 'Amount'],
      mapping: { date: 0, description: 1, amount: 2, date_order: 'ISO' },
      mapping_source: 'guessed',
      mapping_complete: true,
      problems: [],
      counts: { new: 3, already_imported: 0, matches: 0, problems: 0 },
    });
    expect(p.sample[1]).toEqual([day(2), 'CITY POWER, BILL', '-88.00']);
    expect(p.rows).toEqual([
      { line: 2, date: day(1), description: 'GREEN GROCER #1021', amount: 42.5, currency: 'USD', status: 'new', receipt: null },
      { line: 3, date: day(2), description: 'CITY POWER, BILL', amount: 88, currency: 'USD', status: 'new', receipt: null },
      { line: 4, date: day(3), description: 'RETURN: SHOE SHOP', amount: -25, currency: 'USD', status: 'new', receipt: null },
    ]);
    expect(await countOf('receipts', user)).toBe(0);
    expect(await countOf('import_previews', user)).toBe(1);
  });

  it('asks for the columns when it cannot tell them, with the first records as a sample', async () => {
    const user = await t.signUp();
    const p = await preview(user, { bytes: csv('When,What,How much', `${mdy(day(1))},Corner Shop,-5.00`, `${mdy(day(2))},Bakery,-3.20`) });
    expect(p).toMatchObject({ mapping_source: 'guessed', mapping_complete: false, rows: [], counts: { new: 0 } });
    expect(p.sample).toEqual([
      [mdy(day(1)), 'Corner Shop', '-5.00'],
      [mdy(day(2)), 'Bakery', '-3.20'],
    ]);
  });

  it('takes a mapping sent with the file and remembers it for the next file of the same bank', async () => {
    const user = await t.signUp();
    const mapping: ImportMapping = { date: 0, description: 1, amount: 2, date_order: 'MDY' };
    const first = await preview(user, { bytes: csv('When,What,How much', `${mdy(day(1))},Corner Shop,-5.00`), mapping });
    expect(first).toMatchObject({ mapping, mapping_source: 'sent', mapping_complete: true, counts: { new: 1 } });
    expect(first.rows[0]).toMatchObject({ date: day(1), description: 'Corner Shop', amount: 5 });

    // Next month's file of that bank: the header alike but for case and spacing.
    const next = await preview(user, { bytes: csv('when , WHAT,How  much', `${mdy(day(4))},Bakery,-3.20`) });
    expect(next).toMatchObject({ mapping, mapping_source: 'remembered', mapping_complete: true });
    expect(next.rows[0]).toMatchObject({ date: day(4), description: 'Bakery', amount: 3.2 });

    // Remembered per person: another sees Tally's guess.
    const other = await t.signUp();
    expect((await preview(other, { bytes: csv('When,What,How much', `${mdy(day(1))},Corner Shop,-5.00`) })).mapping_source).toBe('guessed');
  });

  it('reads debit and credit columns, day-first dates and a byte-order mark', async () => {
    const user = await t.signUp();
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      csv('Date,Description,Paid out,Paid in,Balance', `${dmy(day(12))},TESCO STORES 2231,12.40,,987.60`, `${dmy(day(14))},SALARY,,2000.00,2987.60`),
    ]);
    const p = await preview(user, { bytes });
    expect(p).toMatchObject({ encoding: 'utf-8', header: ['Date', 'Description', 'Paid out', 'Paid in', 'Balance'] });
    expect(p.mapping).toEqual({ date: 0, description: 1, debit: 2, credit: 3, date_order: 'DMY', statement_currency: 'USD' });
    expect(p.rows.map((r) => [r.date, r.description, r.amount])).toEqual([
      [day(12), 'TESCO STORES 2231', 12.4],
      [day(14), 'SALARY', -2000],
    ]);
  });

  it('reads Windows-1252 with semicolons and decimal commas', async () => {
    const user = await t.signUp();
    const bytes = iconv.encode([`Buchungstag;Verwendungszweck;Betrag`, `${dmy(day(13)).replace(/\//g, '.')};Bäckerei Müller;-4,50`].join('\r\n'), 'win1252');
    const p = await preview(user, { bytes, mapping: { date: 0, description: 1, amount: 2, date_order: 'DMY' } });
    expect(p).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
    expect(p.rows).toEqual([expect.objectContaining({ date: day(13), description: 'Bäckerei Müller', amount: 4.5 })]);
  });

  it('lists the rows it cannot read by line, with the rest', async () => {
    const user = await t.signUp();
    const p = await preview(user, {
      bytes: csv(
        'Date,Description,Amount',
        `${day(1)},Bakery,-3.20`,
        `${day(2)},Petrol,not a number`,
        '2026-02-31,Typo,-1.00',
        `${day(3)},,-2.00`,
        `${day(4)},Kiosk,-1.10`,
      ),
    });
    expect(p.rows.map((r) => r.line)).toEqual([2, 6]);
    expect(p.problems).toEqual([
      { line: 3, message: 'The amount is not a number' },
      { line: 4, message: "'2026-02-31' is not a date (ISO)" },
      { line: 5, message: 'The description is empty' },
    ]);
    expect(p.counts).toEqual({ new: 2, already_imported: 0, matches: 0, problems: 3 });
  });

  it('refuses what is not a statement with a clear 400 or 415, and keeps nothing', async () => {
    const user = await t.signUp();
    const refused = async (upload: StatementUpload, status: number, message: RegExp) => {
      const res = await previewRequest(user, upload);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status, message: expect.stringMatching(message) });
    };
    await refused({ bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), type: 'image/png', name: 'receipt.png' }, 415, /not a CSV statement/);
    await refused({ bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), type: 'application/octet-stream' }, 400, /not a CSV statement/);
    await refused({ bytes: Buffer.alloc(0) }, 400, /^The file is empty$/);
    await refused({ bytes: csv('Date,Description,Amount', '') }, 400, /^The file has no rows$/);
    await refused({ bytes: Buffer.from('just one line of words') }, 400, /not a CSV statement/);
    await refused({ bytes: csv('Date,Description,Amount', `${day(1)},"unclosed,-1.00`) }, 400, /^The file could not be read as CSV: .*line 2/i);
    await refused({ bytes: Buffer.alloc(MAX_STATEMENT_BYTES + 64 * 1024, 'a') }, 413, /at most 20 MB/);
    await refused({ bytes: cardStatement(), mapping: '{"date": 0,' }, 400, /^mapping must be JSON/);
    await refused({ bytes: cardStatement(), mapping: '{"date": 0, "description": 1, "amount": 2}' }, 400, /^mapping: date_order is required$/);
    await refused(
      { bytes: cardStatement(), mapping: '{"date": 0, "description": 1, "amount": 2, "date_order": "YMD"}' },
      400,
      /^mapping: date_order must be one of/,
    );
    await refused(
      { bytes: cardStatement(), mapping: { date: 0, description: 1, amount: 7, date_order: 'ISO' } },
      400,
      /mapping.amount is column 7, but the file has 3 columns/,
    );
    await refused({ bytes: cardStatement(), mapping: { date: 0, description: 1, date_order: 'ISO' } }, 400, /needs an amount column/);
    const noFile = await t.request(user, { method: 'POST', url: '/api/import/preview', payload: { file: 'x' } });
    expect(noFile.statusCode).toBe(400);
    expect(await countOf('import_previews', user)).toBe(0);
    expect(await sql`SELECT 1 FROM import_mappings WHERE user_id = ${user.uid}`.execute(t.db.db)).toMatchObject({ rows: [] });
  });

  it('needs a signed-in user', async () => {
    const res = await t.request(null, { method: 'POST', url: '/api/import/preview', ...(await statementForm({ bytes: cardStatement() })) });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/import/commit', () => {
  it('adds the rows as imported receipts in Other (a refund when the person says so), which the dashboard and search count', async () => {
    const user = await t.signUp();
    const p = await preview(user, { bytes: cardStatement() });
    expect(await commit(user, p.id, [{ line: 4, action: 'add' }])).toEqual({ added: 3, linked: 0, skipped: 0, problems: [] });
    const receipts = await receiptsOf(user);
    expect(receipts).toEqual([
      expect.objectContaining({ store: 'GREEN GROCER #1021', date: day(1), currency: 'USD', printed_minor: 4250, rate: null, amount_cents: 4250 }),
      expect.objectContaining({ store: 'CITY POWER, BILL', date: day(2), amount_cents: 8800, store_key: 'city power bill' }),
      expect.objectContaining({ store: 'RETURN: SHOE SHOP', date: day(3), amount_cents: -2500 }),
    ]);
    expect(receipts.every((r) => r.imported && r.payment_method === 'Bank import' && r.category === 'Other')).toBe(true);

    const dashboard = await t.request(user, { method: 'GET', url: '/dashboard?tz=UTC' });
    expect(dashboard.json().total_spent).toBeCloseTo(42.5 + 88 - 25);
    const found = await t.request(user, { method: 'GET', url: '/receipts?search=city%20power' });
    expect(found.json().map((r: { store: string }) => r.store)).toEqual(['CITY POWER, BILL']);
    // Committed once: asked again (a retry after a lost answer), it answers what the import did, and adds nothing.
    const again = await commitRequest(user, p.id, [{ line: 4, action: 'add' }]);
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 200, body: { added: 3, linked: 0, skipped: 0, problems: [] } });
    expect(await countOf('receipts', user)).toBe(3);
  });

  it('finds the monthly bills among the rows added, as it does for receipts saved one by one', async () => {
    const user = await t.signUp();
    const tenth = (months: number) => addDays(addMonths(monthStart, -months), 9);
    const p = await preview(user, { bytes: csv('Date,Description,Amount', ...[3, 2, 1].map((k) => `${tenth(k)},STREAMLY.COM,-15.49`)) });
    expect(await commit(user, p.id)).toMatchObject({ added: 3 });
    const bills = await t.request(user, { method: 'GET', url: '/recurring' });
    expect(bills.json()).toEqual([expect.objectContaining({ store: 'STREAMLY.COM', interval: 'monthly', amount: 15.49 })]);
  });

  it('adds nothing when the same file is imported again: every row is already imported', async () => {
    const user = await t.signUp();
    expect(await commit(user, (await preview(user, { bytes: cardStatement() })).id)).toEqual({ added: 2, linked: 0, skipped: 1, problems: [] });
    const again = await preview(user, { bytes: cardStatement() });
    expect(again.counts).toEqual({ new: 0, already_imported: 3, matches: 0, problems: 0 });
    expect(again.rows.every((r) => r.status === 'already_imported')).toBe(true);
    expect(await commit(user, again.id, [{ line: 2, action: 'add' }])).toEqual({ added: 0, linked: 0, skipped: 3, problems: [] });
    expect(await countOf('receipts', user)).toBe(2);
  });

  it('adds each row once when the same file is committed twice at once', async () => {
    const user = await t.signUp();
    const [a, b] = [await preview(user, { bytes: cardStatement() }), await preview(user, { bytes: cardStatement() })];
    const results = await Promise.all([commit(user, a.id), commit(user, b.id)]);
    expect(results.map((r) => r.added).sort()).toEqual([0, 2]);
    expect(await countOf('receipts', user)).toBe(2);
    expect(await countOf('import_rows', user)).toBe(3);
  });

  it('links a row to the receipt it matches instead of adding it; a change adds it after all', async () => {
    const user = await t.signUp();
    const saved = await addReceipt(t, user, { store: 'Green Grocer', date: day(0), amount: 42.5 });
    const p = await preview(user, { bytes: cardStatement() });
    expect(p.rows[0]).toMatchObject({ status: 'matches', receipt: { id: saved.id, store: 'Green Grocer', date: day(0), amount: 42.5, currency: 'USD' } });
    expect(p.counts).toMatchObject({ new: 2, matches: 1 });
    expect(await commit(user, p.id)).toEqual({ added: 1, linked: 1, skipped: 1, problems: [] });
    expect(await countOf('receipts', user)).toBe(2);
    const link = await sql<{ receipt_id: string }>`SELECT receipt_id FROM import_rows WHERE user_id = ${user.uid} AND receipt_id = ${saved.id}`.execute(
      t.db.db,
    );
    expect(link.rows).toHaveLength(1);

    // Another person, the same situation, who says the row is another purchase.
    const other = await t.signUp();
    await addReceipt(t, other, { store: 'Green Grocer', date: day(0), amount: 42.5 });
    const q = await preview(other, { bytes: cardStatement() });
    expect(q.rows[0].status).toBe('matches');
    expect(await commit(other, q.id, [{ line: 2, action: 'add' }])).toEqual({ added: 2, linked: 0, skipped: 1, problems: [] });
    expect(await countOf('receipts', other)).toBe(3);
  });

  it('links a row to a receipt the person chooses, and skips a row they say to', async () => {
    const user = await t.signUp();
    const chosen = await addReceipt(t, user, { store: 'Electricity', date: day(2), amount: 88 });
    const p = await preview(user, { bytes: cardStatement() });
    expect(p.rows[1].status).toBe('new'); // not a like store
    const result = await commit(user, p.id, [
      { line: 3, action: 'link', receipt_id: chosen.id },
      { line: 4, action: 'skip' },
    ]);
    expect(result).toEqual({ added: 1, linked: 1, skipped: 1, problems: [] });
    expect((await receiptsOf(user)).map((r) => r.store)).toEqual(['GREEN GROCER #1021', 'Electricity']);
    // Skipped rows stay decided: the file again offers nothing.
    expect((await preview(user, { bytes: cardStatement() })).counts).toMatchObject({ new: 0, already_imported: 3 });
  });

  it('refuses a change it cannot make with a 400 naming the line, and changes nothing', async () => {
    const user = await t.signUp();
    const stranger = await t.signUp();
    const theirs = await addReceipt(t, stranger, { store: 'Green Grocer', date: day(1), amount: 42.5 });
    const p = await preview(user, { bytes: csv('Date,Description,Amount', `${day(1)},GREEN GROCER,-42.50`, `${day(2)},Bakery,x`) });
    const refused = async (changes: ImportRowChange[], message: string) => {
      const res = await commitRequest(user, p.id, changes);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message });
    };
    await refused([{ line: 9, action: 'add' }], 'Line 9 is not a row of this statement');
    await refused([{ line: 3, action: 'add' }], 'Line 3 cannot be imported: The amount is not a number');
    await refused([{ line: 2, action: 'link' }], 'Line 2: a link needs a receipt_id');
    await refused([{ line: 2, action: 'link', receipt_id: theirs.id }], `Line 2: receipt ${theirs.id} is not one of yours`);
    await refused([{ line: 2, action: 'link', receipt_id: 'not-a-uuid' }], 'Line 2: receipt not-a-uuid is not one of yours');
    await refused(
      [
        { line: 2, action: 'add' },
        { line: 2, action: 'skip' },
      ],
      'Line 2 is changed twice',
    );
    expect(await countOf('receipts', user)).toBe(0);
    expect(await countOf('import_rows', user)).toBe(0);
    // The preview is still there to commit.
    expect(await commit(user, p.id)).toEqual({ added: 1, linked: 0, skipped: 0, problems: [{ line: 3, message: 'The amount is not a number' }] });
  });

  it("answers 404 for another person's preview, an unknown one and an id that is none", async () => {
    const owner = await t.signUp();
    const intruder = await t.signUp();
    const p = await preview(owner, { bytes: cardStatement() });
    for (const id of [p.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await commitRequest(intruder, id);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 404, message: 'Import preview not found' });
    }
    expect(await countOf('receipts', intruder)).toBe(0);
    expect(await commit(owner, p.id)).toMatchObject({ added: 2 });
  });

  it('answers 404 for a preview older than a day, and drops it with the next upload', async () => {
    const user = await t.signUp();
    const old = await preview(user, { bytes: cardStatement() });
    await sql`UPDATE import_previews SET created_at = now() - interval '25 hours', updated_at = now() - interval '25 hours' WHERE id = ${old.id}`.execute(
      t.db.db,
    );
    expect((await commitRequest(user, old.id)).statusCode).toBe(404);
    await preview(user, { bytes: cardStatement() });
    expect(await countOf('import_previews', user)).toBe(1);
  });

  it('converts a foreign row at the rate of its day, and reports one without a rate as a problem', async () => {
    const user = await t.signUp();
    const statement = csv(
      'Date,Description,Amount,Currency',
      `${day(1)},Hotel Paris,-120.00,EUR`,
      `${day(2)},Corner Shop,-5.00,USD`,
      `${day(3)},Sushi,-3000,JPY`,
    );
    const unrated = await preview(user, { bytes: statement });
    expect(unrated.rows.map((r) => [r.line, r.currency])).toEqual([[3, 'USD']]);
    expect(unrated.problems).toEqual([
      { line: 2, message: `No rate for EUR on ${day(1)}` },
      { line: 4, message: `No rate for JPY on ${day(3)}` },
    ]);

    const rates = await t.request(user, { method: 'PUT', url: '/api/currency-rates', payload: [{ currency: 'EUR', rate: 1.1, valid_from: day(0) }] });
    expect(rates.statusCode).toBe(200);
    const p = await preview(user, { bytes: statement });
    expect(p.rows.map((r) => [r.line, r.amount, r.currency])).toEqual([
      [2, 120, 'EUR'],
      [3, 5, 'USD'],
    ]);
    expect(await commit(user, p.id)).toEqual({ added: 2, linked: 0, skipped: 0, problems: [{ line: 4, message: `No rate for JPY on ${day(3)}` }] });
    expect(await receiptsOf(user)).toEqual([
      expect.objectContaining({ store: 'Hotel Paris', currency: 'EUR', printed_minor: 12000, rate: '1.10000000', amount_cents: 13200 }),
      expect.objectContaining({ store: 'Corner Shop', currency: 'USD', printed_minor: 500, rate: null, amount_cents: 500 }),
    ]);
    // The row without a rate was not recorded: once there is one, it can come in.
    await t.request(user, {
      method: 'PUT',
      url: '/api/currency-rates',
      payload: [
        { currency: 'EUR', rate: 1.1, valid_from: day(0) },
        { currency: 'JPY', rate: 0.0067, valid_from: day(0) },
      ],
    });
    const later = await preview(user, { bytes: statement });
    expect(later.counts).toEqual({ new: 1, already_imported: 2, matches: 0, problems: 0 });
    expect(await commit(user, later.id)).toMatchObject({ added: 1 });
    expect((await receiptsOf(user)).find((r) => r.store === 'Sushi')).toMatchObject({ currency: 'JPY', printed_minor: 3000, amount_cents: 2010 });
  });

  it('reads a statement longer than one chunk: identical rows in different chunks, a match near the end, a bad quote anywhere', async () => {
    const user = await t.signUp();
    const saved = await addReceipt(t, user, { store: 'Late Bakery', date: day(4), amount: 7.77 });
    const lines = Array.from({ length: 2500 }, (_, i) => `${day(1 + (i % 20))},SHOP ${String.fromCharCode(65 + (i % 26))},-${(1 + (i % 50)).toFixed(2)}`);
    // The same coffee on the first and the last line: two rows, whichever chunk each is read in.
    lines[0] = lines[2499] = `${day(2)},COFFEE CART,-3.10`;
    lines[2400] = `${day(5)},LATE BAKERY LONDON,-7.77`;
    const p = await preview(user, { bytes: csv('Date,Description,Amount', ...lines) });
    expect(p.counts).toEqual({ new: 2499, already_imported: 0, matches: 1, problems: 0 });
    expect(p.rows.find((r) => r.line === 2402)).toMatchObject({ status: 'matches', receipt: { id: saved.id } });
    expect(await commit(user, p.id)).toEqual({ added: 2499, linked: 1, skipped: 0, problems: [] });
    expect((await receiptsOf(user)).filter((r) => r.store === 'COFFEE CART')).toHaveLength(2);
    expect((await preview(user, { bytes: csv('Date,Description,Amount', ...lines) })).counts).toMatchObject({ new: 0, already_imported: 2500 });

    const broken = [...lines];
    broken[2300] = `${day(3)},"UNCLOSED QUOTE,-1.00`;
    const res = await previewRequest(user, { bytes: csv('Date,Description,Amount', ...broken) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The file could not be read as CSV: /);
  });

  it('refuses a body that is not a commit', async () => {
    const user = await t.signUp();
    const res = await t.request(user, { method: 'POST', url: '/api/import/commit', payload: { preview: 'x' } });
    expect(res.statusCode).toBe(400);
  });
});
