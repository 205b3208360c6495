import { guessChargeSign, guessMapping, headerCurrency } from '../../../../src/server/modules/imports/guess';
import { readStatement } from '../../../../src/server/modules/imports/statement';

/** Statements as banks export them (written for these tests, in the shapes real banks use). */
const table = (...lines: string[]) => readStatement(Buffer.from(lines.join('\r\n')));

describe('guessing the columns of German bank statements', () => {
  it('maps a savings bank export: Buchungstag, the payee, Betrag and Waehrung', async () => {
    const guessed = guessMapping(
      await table(
        'Auftragskonto;Buchungstag;Valutadatum;Buchungstext;Verwendungszweck;Beguenstigter/Zahlungspflichtiger;Kontonummer;BLZ;Betrag;Waehrung;Info',
        'DE001;30.10.26;30.10.26;KARTENZAHLUNG;Einkauf 1234;Baeckerei Mueller;DE002;;-4,50;EUR;Umsatz gebucht',
      ),
      'USD',
    );
    expect(guessed).toEqual({ date: 1, description: 5, amount: 8, currency: 9, dateOrder: 'DMY', chargeSign: 'negative' });
  });

  it('takes the booking day before the value date wherever they are, and the statement currency from the amount header', async () => {
    const guessed = guessMapping(
      await table(
        'Wertstellung;Buchungstag;Buchungstext;Auftraggeber / Begünstigter;Verwendungszweck;Betrag (EUR)',
        '14.11.2026;13.11.2026;Lastschrift;Stadtwerke;Abschlag;-88,00',
      ),
      'USD',
    );
    expect(guessed).toEqual({ date: 1, description: 3, amount: 5, dateOrder: 'DMY', chargeSign: 'negative', statementCurrency: 'EUR' });
  });

  it('reads Soll and Haben as the debit and credit columns, and Auftraggeber/Empfänger as the description', async () => {
    const guessed = guessMapping(
      await table(
        'Buchungstag;Wertstellung;Auftraggeber/Empfänger;Verwendungszweck;Soll;Haben;Währung',
        '13.11.2026;13.11.2026;Bäckerei Müller;Brötchen;4,50;;EUR',
        '15.11.2026;15.11.2026;Arbeitgeber GmbH;Gehalt;;3.100,00;EUR',
      ),
      'USD',
    );
    expect(guessed).toEqual({ date: 0, description: 2, debit: 4, credit: 5, currency: 6, dateOrder: 'DMY' });
  });

  it("reads 'Umsatz in EUR' as the amount in euros, not as a credit column; a Soll/Haben marker column is neither", async () => {
    expect(guessMapping(await table('Buchungstag;Empfänger;Verwendungszweck;Umsatz in EUR', '13.11.2026;Kiosk;Zeitung;-2,80'), 'USD')).toEqual({
      date: 0,
      description: 1,
      amount: 3,
      dateOrder: 'DMY',
      chargeSign: 'negative',
      statementCurrency: 'EUR',
    });
    expect(guessMapping(await table('Buchungstag;Zahlungsempfänger;Umsatz;Soll/Haben', '13.11.2026;Kiosk;2,80;S'), 'EUR')).toEqual({
      date: 0,
      description: 1,
      amount: 2,
      dateOrder: 'DMY',
      chargeSign: 'negative',
      statementCurrency: 'EUR',
    });
  });

  it("keeps an English header's amount over a 'Value date', and the home currency when the file names none", async () => {
    expect(guessMapping(await table('Date,Value Date,Details,Amount', '2026-11-03,2026-11-04,Shop,-3.00'), 'CAD')).toEqual({
      date: 0,
      description: 2,
      amount: 3,
      dateOrder: 'ISO',
      chargeSign: 'negative',
      statementCurrency: 'CAD',
    });
  });
});

describe('guessing how the amount column writes a charge', () => {
  it('tells an American Express export (charges positive, the payment negative) from the file', async () => {
    const amex = await table(
      'Date,Description,Card Member,Account #,Amount',
      '11/03/2026,GREEN GROCER #1021,J SMITH,-71003,42.50',
      '11/04/2026,STREAMLY.COM,J SMITH,-71003,15.49',
      '11/05/2026,AUTOPAY PAYMENT - THANK YOU,J SMITH,-71003,-450.00',
      '11/06/2026,RETURN: SHOE SHOP,J SMITH,-71003,-25.00',
    );
    expect(guessMapping(amex, 'USD')).toMatchObject({ description: 1, amount: 4, chargeSign: 'positive' });
  });

  it('names the usual sign when payments and salaries are positive and the rest negative', async () => {
    expect(
      guessChargeSign([
        { description: 'Payment Thank You-Mobile', amount: 500 },
        { description: 'CORNER DELI', amount: -12.5 },
        { description: 'BIG BOX', amount: -45.2 },
      ]),
    ).toBe('negative');
    expect(
      guessChargeSign([
        { description: 'ACME PAYROLL', amount: 2000 },
        { description: 'Transfer from savings', amount: 300 },
        { description: 'RENT', amount: -1200 },
      ]),
    ).toBe('negative');
  });

  it('cannot tell without payment-like rows, or when the signs say nothing clear (then the mapping has the usual sign)', async () => {
    expect(guessChargeSign([{ description: 'GREEN GROCER', amount: 42.5 }])).toBeNull();
    expect(
      guessChargeSign([
        { description: 'PAYMENT THANK YOU', amount: -500 },
        { description: 'GREEN GROCER', amount: -42.5 },
      ]),
    ).toBeNull();
    expect(guessMapping(await table('Date,Description,Amount', '2026-11-03,GREEN GROCER,42.50'), 'USD')).toMatchObject({ chargeSign: 'negative' });
  });
});

describe('the currency an amount header names', () => {
  it.each([
    ['Umsatz in EUR', 'EUR'],
    ['Betrag (EUR)', 'EUR'],
    ['Amount (GBP)', 'GBP'],
    ['Betrag (€)', 'EUR'],
    ['Amount', null],
    ['Sum', null],
    ['Amount in all', null],
  ])('%p names %p', (header, code) => {
    expect(headerCurrency(header, 'USD')).toBe(code);
  });
});
