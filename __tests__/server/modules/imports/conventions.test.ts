import iconv from 'iconv-lite';
import { sql } from 'kysely';
import type { ImportMapping } from '../../../../src/shared/imports';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt } from '../receipts/fixtures';
import { csv, day, importApi } from './importApi';

/**
 * How banks differ, through the real API on the real database (PGlite, or PostgreSQL at
 * DATABASE_URL): the sign of a charge, money coming in, the statement's currency, a category
 * column, German headers.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const { previewRequest, preview, commit, receiptsOf, countOf } = importApi(() => t);

const spentThisMonth = async (user: TestUser) => (await t.request(user, { method: 'GET', url: '/dashboard?tz=UTC' })).json().total_spent as number;
const rememberedMappings = async (user: TestUser) =>
  (await sql<{ mapping: ImportMapping }>`SELECT mapping FROM import_mappings WHERE user_id = ${user.uid}`.execute(t.db.db)).rows.map((r) => r.mapping);

async function setRates(user: TestUser, rates: Array<{ currency: string; rate: number }>) {
  const res = await t.request(user, { method: 'PUT', url: '/api/currency-rates', payload: rates.map((r) => ({ ...r, valid_from: day(0) })) });
  if (res.statusCode !== 200) throw new Error(`rates: ${res.statusCode} ${res.body}`);
}

/** An American Express export: charges positive, the payment and a return negative. */
const amexStatement = () =>
  csv(
    'Date,Description,Card Member,Account #,Amount',
    `${day(1)},GREEN GROCER #1021,J SMITH,-71003,42.50`,
    `${day(2)},STREAMLY.COM,J SMITH,-71003,15.49`,
    `${day(3)},AUTOPAY PAYMENT - THANK YOU,J SMITH,-71003,-450.00`,
    `${day(4)},RETURN: SHOE SHOP,J SMITH,-71003,-25.00`,
  );
const amexMapping = (charge_sign: 'negative' | 'positive'): ImportMapping => ({ date: 0, description: 1, amount: 4, date_order: 'ISO', charge_sign });

describe('the sign of a charge', () => {
  it('reads a card that prints charges positive the right way round: guessed, matched, and the payment skipped', async () => {
    const user = await t.signUp();
    const saved = await addReceipt(t, user, { store: 'Green Grocer', date: day(1), amount: 42.5 });
    const p = await preview(user, { bytes: amexStatement() });
    expect(p).toMatchObject({ mapping_source: 'guessed', mapping_complete: true, mapping: amexMapping('positive') });
    expect(p.rows.map((r) => [r.line, r.amount, r.status])).toEqual([
      [2, 42.5, 'matches'],
      [3, 15.49, 'new'],
      [4, -450, 'new'],
      [5, -25, 'new'],
    ]);
    expect(p.rows[0].receipt).toMatchObject({ id: saved.id });

    expect(await commit(user, p.id)).toEqual({ added: 1, linked: 1, skipped: 2, problems: [] });
    expect((await receiptsOf(user)).map((r) => [r.store, r.amount_cents])).toEqual([
      ['Green Grocer', 4250],
      ['STREAMLY.COM', 1549],
    ]);
    expect(await spentThisMonth(user)).toBeCloseTo(42.5 + 15.49);
  });

  it('takes the sign the person chooses, remembers it for the bank, and flips the rows when it is changed', async () => {
    const user = await t.signUp();
    const chosen = await preview(user, { bytes: amexStatement(), mapping: amexMapping('positive') });
    expect(chosen).toMatchObject({ mapping_source: 'sent', mapping: amexMapping('positive') });
    expect((await preview(user, { bytes: amexStatement() })).mapping).toEqual(amexMapping('positive'));

    // Flipped: the rows turn around, and the bank's memory with them.
    const flipped = await preview(user, { bytes: amexStatement(), mapping: amexMapping('negative') });
    expect(flipped.rows.map((r) => r.amount)).toEqual([-42.5, -15.49, 450, 25]);
    const next = await preview(user, { bytes: amexStatement() });
    expect(next).toMatchObject({ mapping_source: 'remembered', mapping: amexMapping('negative') });
    expect(await rememberedMappings(user)).toEqual([amexMapping('negative')]);
  });

  it('refuses a sign it does not know, or one with debit and credit columns, with a 400, and keeps nothing', async () => {
    const user = await t.signUp();
    const refused = async (mapping: unknown, message: string) => {
      const res = await previewRequest(user, { bytes: amexStatement(), mapping: JSON.stringify(mapping) });
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message });
    };
    await refused({ ...amexMapping('positive'), charge_sign: 'backwards' }, 'mapping: charge_sign must be one of negative, positive');
    await refused(
      { date: 0, description: 1, debit: 4, date_order: 'ISO', charge_sign: 'positive' },
      'mapping.charge_sign goes with an amount column: debit and credit columns say which way the money went',
    );
    expect(await countOf('import_previews', user)).toBe(0);
    expect(await countOf('import_mappings', user)).toBe(0);
  });
});

/** A card statement with the money that came in: a payment to the card, a salary, a refund. */
const moneyInStatement = () =>
  csv(
    'Date,Description,Amount',
    `${day(1)},CORNER DELI,-12.50`,
    `${day(2)},Payment Thank You-Mobile,500.00`,
    `${day(3)},ACME CORP SALARY,2000.00`,
    `${day(4)},BIG BOX,30.00`,
  );

describe('money coming in', () => {
  it('is skipped unless the person adds it as a refund: it does not lower the month’s spending', async () => {
    const user = await t.signUp();
    const p = await preview(user, { bytes: moneyInStatement() });
    expect(p.rows.map((r) => [r.description, r.amount, r.status])).toEqual([
      ['CORNER DELI', 12.5, 'new'],
      ['Payment Thank You-Mobile', -500, 'new'],
      ['ACME CORP SALARY', -2000, 'new'],
      ['BIG BOX', -30, 'new'],
    ]);
    expect(await commit(user, p.id)).toEqual({ added: 1, linked: 0, skipped: 3, problems: [] });
    expect((await receiptsOf(user)).map((r) => r.store)).toEqual(['CORNER DELI']);
    expect(await spentThisMonth(user)).toBeCloseTo(12.5);
    // Skipped rows stay decided: the file again adds nothing.
    const again = await preview(user, { bytes: moneyInStatement() });
    expect(again.counts).toMatchObject({ new: 0, already_imported: 4 });
    expect(await commit(user, again.id)).toMatchObject({ added: 0, skipped: 4 });
  });

  it('becomes a refund, a negative receipt, when the person says to add it', async () => {
    const user = await t.signUp();
    const p = await preview(user, { bytes: moneyInStatement() });
    expect(await commit(user, p.id, [{ line: 5, action: 'add' }])).toEqual({ added: 2, linked: 0, skipped: 2, problems: [] });
    expect((await receiptsOf(user)).find((r) => r.store === 'BIG BOX')).toMatchObject({ printed_minor: -3000, amount_cents: -3000, imported: true });
    expect(await spentThisMonth(user)).toBeCloseTo(12.5 - 30);
  });

  it('is linked, as any row, when it matches a refund the person saved', async () => {
    const user = await t.signUp();
    const refund = await addReceipt(t, user, { store: 'Big Box', date: day(4), amount: -30 });
    const p = await preview(user, { bytes: moneyInStatement() });
    expect(p.rows[3]).toMatchObject({ status: 'matches', receipt: { id: refund.id, amount: -30 } });
    expect(await commit(user, p.id)).toEqual({ added: 1, linked: 1, skipped: 2, problems: [] });
  });
});

/** A British card's statement: no currency column, amounts in pounds. */
const poundStatement = () => csv('Date,Description,Amount', `${day(1)},PRET A MANGER,-14.36`, `${day(2)},TESCO STORES,-20.00`);
const poundMapping: ImportMapping = { date: 0, description: 1, amount: 2, date_order: 'ISO', statement_currency: 'GBP' };

describe("the statement's currency", () => {
  it('makes the rows receipts in that currency at the person’s rate, matched against receipts in it', async () => {
    const user = await t.signUp();
    await setRates(user, [{ currency: 'GBP', rate: 1.25 }]);
    const pret = await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Pret A Manger', date: day(1), amount: 14.36, currency: 'GBP' } });
    expect(pret.statusCode).toBe(201);

    // Read in the home currency (the default), nothing matches.
    const asDollars = await preview(user, { bytes: poundStatement() });
    expect(asDollars.mapping.statement_currency).toBe('USD');
    expect(asDollars.rows.map((r) => [r.currency, r.status])).toEqual([
      ['USD', 'new'],
      ['USD', 'new'],
    ]);

    const p = await preview(user, { bytes: poundStatement(), mapping: poundMapping });
    expect(p.rows).toEqual([
      expect.objectContaining({
        amount: 14.36,
        currency: 'GBP',
        status: 'matches',
        receipt: expect.objectContaining({ id: pret.json().id, amount: 14.36, currency: 'GBP' }),
      }),
      expect.objectContaining({ amount: 20, currency: 'GBP', status: 'new' }),
    ]);
    expect(await commit(user, p.id)).toEqual({ added: 1, linked: 1, skipped: 0, problems: [] });
    expect((await receiptsOf(user)).find((r) => r.store === 'TESCO STORES')).toMatchObject({
      currency: 'GBP',
      printed_minor: 2000,
      rate: '1.25000000',
      amount_cents: 2500,
    });
    // Remembered with the bank's columns.
    expect((await preview(user, { bytes: poundStatement() })).mapping).toEqual(poundMapping);
  });

  it('reports a row to add without a rate for that currency as a problem, and adds it once there is one', async () => {
    const user = await t.signUp();
    const p = await preview(user, { bytes: poundStatement(), mapping: poundMapping });
    expect(p.problems).toEqual([
      { line: 2, message: `No rate for GBP on ${day(1)}` },
      { line: 3, message: `No rate for GBP on ${day(2)}` },
    ]);
    expect(await commit(user, p.id)).toMatchObject({ added: 0, problems: [{ line: 2 }, { line: 3 }] });
    await setRates(user, [{ currency: 'GBP', rate: 1.25 }]);
    expect(await commit(user, (await preview(user, { bytes: poundStatement() })).id)).toMatchObject({ added: 2 });
  });

  it('refuses a currency it does not know with a 400, and keeps nothing', async () => {
    const user = await t.signUp();
    const refused = async (statement_currency: string, message: string) => {
      const res = await previewRequest(user, { bytes: poundStatement(), mapping: JSON.stringify({ ...poundMapping, statement_currency }) });
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message });
    };
    await refused('XYZ', 'mapping.statement_currency is not a currency code Tally knows: XYZ');
    await refused('pounds', 'mapping: statement_currency is not in the expected format');
    expect(await countOf('import_previews', user)).toBe(0);
    expect(await countOf('import_mappings', user)).toBe(0);
  });
});

describe("the bank's category column", () => {
  it("puts each row in the person's category of that name or a usual synonym, else Other", async () => {
    const user = await t.signUp();
    const statement = csv(
      'Date,Description,Category,Amount',
      `${day(1)},GREEN GROCER,Groceries,-42.50`,
      `${day(2)},CITY POWER,utilities,-88.00`,
      `${day(3)},CITY CABS,Transportation-Taxis & Coach,-12.00`,
      `${day(4)},BOOK NOOK,Shopping,-9.99`,
      `${day(5)},MYSTERY,,-1.00`,
    );
    const p = await preview(user, { bytes: statement });
    expect(p.mapping).toMatchObject({ category: 2, amount: 3 });
    expect(p.rows.map((r) => r.category)).toEqual(['Food', 'Utilities', 'Transportation', 'Other', 'Other']);
    expect(await commit(user, p.id)).toMatchObject({ added: 5 });
    expect((await receiptsOf(user)).map((r) => [r.store, r.category])).toEqual([
      ['GREEN GROCER', 'Food'],
      ['CITY POWER', 'Utilities'],
      ['CITY CABS', 'Transportation'],
      ['BOOK NOOK', 'Other'],
      ['MYSTERY', 'Other'],
    ]);
  });
});

describe('German bank statements', () => {
  it('are read with their own headers: Buchungstag, Auftraggeber/Empfänger, Soll and Haben', async () => {
    const user = await t.signUp();
    await setRates(user, [{ currency: 'EUR', rate: 1.1 }]);
    const german = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
    const bytes = iconv.encode(
      [
        'Buchungstag;Wertstellung;Auftraggeber/Empfänger;Verwendungszweck;Soll;Haben;Währung',
        `${german(day(13))};${german(day(14))};Bäckerei Müller;Brötchen;4,50;;EUR`,
        `${german(day(14))};${german(day(14))};Arbeitgeber GmbH;Gehalt;;3.100,00;EUR`,
      ].join('\r\n'),
      'win1252',
    );
    const p = await preview(user, { bytes });
    expect(p).toMatchObject({ mapping_complete: true, mapping: { date: 0, description: 2, debit: 4, credit: 5, currency: 6, date_order: 'DMY' } });
    expect(p.rows.map((r) => [r.date, r.description, r.amount, r.currency])).toEqual([
      [day(13), 'Bäckerei Müller', 4.5, 'EUR'],
      [day(14), 'Arbeitgeber GmbH', -3100, 'EUR'],
    ]);
    expect(await commit(user, p.id)).toEqual({ added: 1, linked: 0, skipped: 1, problems: [] });
  });
});
