import iconv from 'iconv-lite';
import {
  fingerprintsOf,
  guessDateOrder,
  isRowProblem,
  parseStatementAmount,
  parseStatementDate,
  readStatement,
  statementRow,
  type ColumnMapping,
  type StatementRow,
} from '../../../../src/server/modules/imports/statement';
import { guessMapping } from '../../../../src/server/modules/imports/guess';
import { StatementDecoder } from '../../../../src/server/modules/imports/statementText';
import { MAX_STATEMENT_COLUMNS, MAX_STATEMENT_FIELD_CHARS, MAX_STATEMENT_LINES } from '../../../../src/shared/constants/imports';
import { toMinor } from '../../../../src/shared/currency';

/** Statements as banks export them (written for these tests, in the shapes real banks use). */
const US_CARD = [
  'Transaction Date,Post Date,Description,Category,Type,Amount,Memo',
  '11/03/2026,11/04/2026,GREEN GROCER #1021,Groceries,Sale,-42.50,',
  '11/05/2026,11/06/2026,"AMAZON MKTPLACE, SEATTLE WA",Shopping,Sale,-1234.56,"gift, for mum"',
  '11/07/2026,11/07/2026,RETURN: SHOE SHOP,Shopping,Return,25.00,',
].join('\r\n');

const UK_BANK_WITH_BOM = Buffer.concat([
  Buffer.from([0xef, 0xbb, 0xbf]),
  Buffer.from(['Date,Description,Paid out,Paid in,Balance', '03/11/2026,TESCO STORES 2231,12.40,,987.60', '15/11/2026,SALARY,,2000.00,2987.60', ''].join('\n')),
]);

/** A German bank: semicolons, decimal commas, day-first dates with dots, Windows-1252 ('ü'). */
const DE_BANK_1252 = iconv.encode(
  [
    'Buchungstag;Verwendungszweck;Betrag;Währung',
    '03.11.2026;Bäckerei Müller;-4,50;EUR',
    '04.11.2026;"Miete; November";-1.250,00;EUR',
    '05.11.2026;Gehalt;3.100,00;EUR',
  ].join('\r\n'),
  'win1252',
);

const MY_CARD_TABS = [
  'Date\tMerchant\tAmount\tCurrency',
  '2026-11-03\tKEDAI RUNCIT ABC\t45.60\tMYR',
  '2026-11-04\tPETRONAS\tnot a number\tMYR',
  '2026-11-31\tTYPO DAY\t10.00\tMYR',
].join('\n');

const minor = (amount: number, currency: string | null) => toMinor(amount, currency ?? 'USD');

async function rowsOf(bytes: Buffer | string, mapping: ColumnMapping) {
  const table = await readStatement(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));
  return table.rows.map((r) => statementRow(r, mapping, minor));
}

describe('reading a statement file', () => {
  it('reads a US card export: commas in quoted fields, spending negative', async () => {
    const table = await readStatement(Buffer.from(US_CARD));
    expect(table).toMatchObject({ encoding: 'utf-8', delimiter: ',' });
    expect(table.header[2]).toBe('Description');
    expect(table.rows.map((r) => r.line)).toEqual([2, 3, 4]);
    // No day above 12 in these dates: the order is left for the person to choose.
    const guessed = guessMapping(table, 'USD');
    expect(guessed).toStrictEqual({ date: 0, description: 2, amount: 5, category: 3, chargeSign: 'negative', statementCurrency: 'USD' });
    const rows = table.rows.map((r) => statementRow(r, { ...guessed, dateOrder: 'MDY' } as ColumnMapping, minor));
    expect(rows).toStrictEqual([
      { line: 2, date: '2026-11-03', description: 'GREEN GROCER #1021', amount: 4250, currency: 'USD', category: 'Groceries' },
      { line: 3, date: '2026-11-05', description: 'AMAZON MKTPLACE, SEATTLE WA', amount: 123456, currency: 'USD', category: 'Shopping' },
      { line: 4, date: '2026-11-07', description: 'RETURN: SHOE SHOP', amount: -2500, currency: 'USD', category: 'Shopping' },
    ]);
  });

  it('reads a UK export with a byte-order mark, debit and credit columns and day-first dates', async () => {
    const table = await readStatement(UK_BANK_WITH_BOM);
    expect(table.header[0]).toBe('Date'); // no BOM left on the first name
    const mapping = guessMapping(table, 'GBP');
    expect(mapping).toEqual({ date: 0, description: 1, debit: 2, credit: 3, dateOrder: 'DMY', statementCurrency: 'GBP' });
    expect(await rowsOf(UK_BANK_WITH_BOM, mapping as ColumnMapping)).toEqual([
      { line: 2, date: '2026-11-03', description: 'TESCO STORES 2231', amount: 1240, currency: 'GBP' },
      { line: 3, date: '2026-11-15', description: 'SALARY', amount: -200000, currency: 'GBP' },
    ]);
  });

  it('reads a German export in Windows-1252 with semicolons and decimal commas', async () => {
    const table = await readStatement(DE_BANK_1252);
    expect(table).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
    const mapping: ColumnMapping = { date: 0, description: 1, amount: 2, currency: 3, dateOrder: 'DMY' };
    expect(await rowsOf(DE_BANK_1252, mapping)).toEqual([
      { line: 2, date: '2026-11-03', description: 'Bäckerei Müller', amount: 450, currency: 'EUR' },
      { line: 3, date: '2026-11-04', description: 'Miete; November', amount: 125000, currency: 'EUR' },
      { line: 4, date: '2026-11-05', description: 'Gehalt', amount: -310000, currency: 'EUR' },
    ]);
  });

  it('reports a bad row with its line number and reads the rest', async () => {
    const mapping: ColumnMapping = { date: 0, description: 1, amount: 2, currency: 3, dateOrder: 'ISO' };
    const rows = await rowsOf(MY_CARD_TABS, mapping);
    expect((await readStatement(Buffer.from(MY_CARD_TABS))).delimiter).toBe('\t');
    // A card statement prints purchases as positive here; the person says so by the sign they map.
    expect(rows[0]).toEqual({ line: 2, date: '2026-11-03', description: 'KEDAI RUNCIT ABC', amount: -4560, currency: 'MYR' });
    expect(rows.slice(1)).toEqual([
      { line: 3, message: 'The amount is not a number' },
      { line: 4, message: "'2026-11-31' is not a date (ISO)" },
    ]);
    expect(rows.filter(isRowProblem)).toHaveLength(2);
  });

  it('reads charges printed positive as spending when the mapping says so, and takes the statement currency where the file says none', async () => {
    const amex = ['Date,Description,Amount', '11/03/2026,GREEN GROCER,42.50', '11/04/2026,AUTOPAY PAYMENT - THANK YOU,-450.00'].join('\n');
    const mapping: ColumnMapping = { date: 0, description: 1, amount: 2, dateOrder: 'MDY', chargeSign: 'positive', statementCurrency: 'GBP' };
    expect(await rowsOf(amex, mapping)).toEqual([
      { line: 2, date: '2026-11-03', description: 'GREEN GROCER', amount: 4250, currency: 'GBP' },
      { line: 3, date: '2026-11-04', description: 'AUTOPAY PAYMENT - THANK YOU', amount: -45000, currency: 'GBP' },
    ]);
    // A currency column wins where it says one; the statement currency fills its blanks.
    const mixed = ['Date,Description,Amount,Currency', '2026-11-03,Hotel,-120.00,EUR', '2026-11-04,Shop,-5.00,'].join('\n');
    const rows = await rowsOf(mixed, { date: 0, description: 1, amount: 2, currency: 3, dateOrder: 'ISO', statementCurrency: 'GBP' });
    expect(rows.map((r) => (isRowProblem(r) ? r : r.currency))).toEqual(['EUR', 'GBP']);
  });

  it('reads UTF-8 as UTF-8 and Windows-1252 as Windows-1252, and a stray Windows-1252 byte in UTF-8 as that byte alone', async () => {
    const decode = (...pieces: Buffer[]) => {
      const decoder = new StatementDecoder();
      const text = pieces.map((p) => decoder.write(p)).join('') + decoder.end();
      return { text, encoding: decoder.encoding };
    };
    expect(decode(Buffer.from('Café;1,00', 'utf8'))).toEqual({ text: 'Café;1,00', encoding: 'utf-8' });
    expect(decode(iconv.encode('Café;1,00 €', 'win1252'))).toEqual({ text: 'Café;1,00 €', encoding: 'windows-1252' });
    // Accents in UTF-8 and one 'é' a Windows program wrote in: every accent reads right.
    const mixed = Buffer.concat([Buffer.from('Müller;Crème;'), Buffer.from([0xe9]), Buffer.from(';Grüße')]);
    expect(decode(mixed)).toEqual({ text: 'Müller;Crème;é;Grüße', encoding: 'utf-8' });
    // A character cut between two pieces of the upload, and a byte-order mark cut so too.
    const euro = Buffer.from('€ 5', 'utf8');
    expect(decode(euro.subarray(0, 1), euro.subarray(1, 2), euro.subarray(2))).toEqual({ text: '€ 5', encoding: 'utf-8' });
    const bom = Buffer.from([0xef, 0xbb, 0xbf, 0x41]);
    expect(decode(bom.subarray(0, 2), bom.subarray(2))).toEqual({ text: 'A', encoding: 'utf-8' });
    // A sequence the file ends in the middle of is no UTF-8.
    expect(decode(Buffer.from([0x41, 0xe2, 0x82]))).toEqual({ text: 'Aâ‚', encoding: 'windows-1252' });
  });
});

describe('the limits of a statement, checked as it is read', () => {
  const refused = (bytes: Buffer) =>
    readStatement(bytes).then(
      () => 'read',
      (err: Error) => `${err.constructor.name}: ${err.message}`,
    );

  it('reads a statement at every limit', async () => {
    const width = [...Array(MAX_STATEMENT_COLUMNS).keys()].map((i) => `c${i}`).join(',');
    const lines = ['Date,Description,Amount', ...Array.from({ length: MAX_STATEMENT_LINES - 2 }, () => `2026-11-03,${'x'.repeat(10)},-1.00`), width];
    const table = await readStatement(Buffer.from(lines.join('\n')));
    expect(table.rowCount).toBe(MAX_STATEMENT_LINES - 1);
    expect((await readStatement(Buffer.from(`a,b\n"${'y'.repeat(MAX_STATEMENT_FIELD_CHARS)}",1`))).rows[0].cells[0]).toHaveLength(MAX_STATEMENT_FIELD_CHARS);
  });

  it('refuses one line too many, blank lines too', async () => {
    const rows = Array.from({ length: MAX_STATEMENT_LINES }, () => '2026-11-03,Shop,-1.00');
    expect(await refused(Buffer.from(['Date,Description,Amount', ...rows].join('\n')))).toBe(
      'StatementLimitError: The statement has more than 50,000 lines: export a shorter period from your bank',
    );
    expect(await refused(Buffer.from(`Date,Description,Amount\n${'\n'.repeat(5_000_000)}2026-11-03,Shop,-1.00`))).toMatch(/more than 50,000 lines/);
  });

  it('refuses a column too many and a field a character too long, naming the line', async () => {
    const wide = Array.from({ length: MAX_STATEMENT_COLUMNS + 1 }, () => 'x').join(',');
    expect(await refused(Buffer.from(`a,b\n1,2\n${wide}`))).toBe('StatementLimitError: Line 3 has more than 200 columns: a statement can have at most 200');
    // Empty fields too: a line of commas is as wide as it has commas.
    expect(await refused(Buffer.from(`a,b\n${','.repeat(1_000_000)}`))).toMatch(/^StatementLimitError: Line 2 has more than 200 columns/);
    expect(await refused(Buffer.from(`a,b\n1,${'z'.repeat(MAX_STATEMENT_FIELD_CHARS + 1)}`))).toBe(
      "StatementLimitError: Line 2 has a field longer than 1,000 characters, the most a statement's field can have",
    );
    // A quoted field that never ends is stopped long before the file does.
    expect(await refused(Buffer.from(`a,b\n"${'q'.repeat(5_000_000)}`))).toMatch(/^StatementLimitError: Line 2 has a field longer than 1,000 characters/);
  });
});

describe('dates and amounts as banks print them', () => {
  it('reads dates in the order given, and refuses days that do not exist', async () => {
    expect(parseStatementDate('11/03/2026', 'MDY')).toBe('2026-11-03');
    expect(parseStatementDate('11/03/2026', 'DMY')).toBe('2026-03-11');
    expect(parseStatementDate('3.11.26', 'DMY')).toBe('2026-11-03');
    expect(parseStatementDate('2026-11-03T10:00:00', 'ISO')).toBe('2026-11-03');
    expect(parseStatementDate('02/30/2026', 'MDY')).toBeNull();
    expect(parseStatementDate('yesterday', 'DMY')).toBeNull();
  });

  it('guesses the order from a day above 12, and says when it cannot tell', async () => {
    expect(guessDateOrder(['03/11/2026', '15/11/2026'])).toBe('DMY');
    expect(guessDateOrder(['11/03/2026', '11/15/2026'])).toBe('MDY');
    expect(guessDateOrder(['2026-11-03'])).toBe('ISO');
    expect(guessDateOrder(['01/02/2026', '03/04/2026'])).toBeNull();
  });

  it.each([
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['-12.50', -12.5],
    ['(12.50)', -12.5],
    ['12.50-', -12.5],
    ['€ 12,50', 12.5],
    ['RM45.60', 45.6],
    ['+3', 3],
    ['1 234,56', 1234.56],
  ])('reads %p as %p', (text, value) => {
    expect(parseStatementAmount(text)).toBe(value);
  });

  it.each(['', 'abc', '12.3.4,5,6x', '--'])('refuses %p', (text) => {
    expect(parseStatementAmount(text)).toBeNull();
  });
});

describe('fingerprints', () => {
  const row = (over: Partial<StatementRow> = {}): StatementRow => ({
    line: 2,
    date: '2026-11-03',
    description: 'Green  Grocer',
    amount: 4250,
    currency: null,
    ...over,
  });

  it('are the same for the same row in another file (spacing and case aside), and differ otherwise', async () => {
    const [a] = fingerprintsOf([row()], 'USD');
    expect(fingerprintsOf([row({ line: 9, description: 'GREEN GROCER' })], 'USD')).toEqual([a]);
    expect(fingerprintsOf([row({ currency: 'USD' })], 'USD')).toEqual([a]);
    for (const other of [row({ amount: 4251 }), row({ date: '2026-11-04' }), row({ description: 'Green Grocers' }), row({ currency: 'MYR' })]) {
      expect(fingerprintsOf([other], 'USD')).not.toEqual([a]);
    }
  });

  it('keep two identical rows of one file apart, and match them again in the same order', async () => {
    const twice = fingerprintsOf([row(), row({ line: 3 })], 'USD');
    expect(new Set(twice).size).toBe(2);
    expect(fingerprintsOf([row({ line: 7 }), row({ line: 8 })], 'USD')).toEqual(twice);
  });
});
