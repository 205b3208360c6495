import { currencyOfMarker } from '../../../shared/currency';
import { DEFAULT_CHARGE_SIGN, type ChargeSign } from '../../../shared/constants/imports';
import { guessDateOrder, parseStatementAmount, type ColumnField, type ColumnMapping, type StatementTable } from './statement';

/**
 * A first guess at a statement's mapping from its header and first rows; the person confirms it.
 * English headers and German banks' ('Buchungstag', 'Betrag', 'Soll'/'Haben', 'Empfänger').
 */

/**
 * Each field's header words in tiers: a header of an earlier tier takes the field before one of a
 * later (a 'Buchungstag' before a 'Wertstellung', an 'Amount' before a 'Value date'), the leftmost
 * within a tier. German words that end compounds ('Zahlungsempfänger') go without a leading \b.
 */
const HEADER_WORDS: Record<ColumnField, RegExp[]> = {
  date: [/\b(transaction date|date|datum|fecha|buchungstag|buchungsdatum)\b/i, /\b(posted|booking|wertstellung|valuta)\b/i],
  description: [
    /\b(description|details|payee|narrative|merchant)\b/i,
    /(empfänger|empfaenger|auftraggeber|begünstigter|beguenstigter|zahlungspflichtiger)/i,
    /\b(memo|name|text|reference|verwendungszweck)\b/i,
    /\bbuchungstext\b/i,
  ],
  amount: [/\b(amount|betrag|umsatz|importe|montant)\b/i, /\b(value|sum)\b/i],
  // 'In' and 'Out' only as a header's first word: 'Umsatz in EUR' is an amount.
  debit: [/\b(debit|withdrawals?|paid out|money out|soll|belastung)\b/i, /^\s*out\b/i],
  credit: [/\b(credit|deposits?|paid in|money in|haben|gutschrift)\b/i, /^\s*in\b/i],
  currency: [/\b(currency|ccy|curr|währung|waehrung|devise)\b/i],
  category: [/\b(category|categories|kategorie|categoría|categoria|catégorie)\b/i],
};
/** The order fields take their columns in: a debit or credit column before 'Debit amount' reads as the amount. */
const GUESS_ORDER: readonly ColumnField[] = ['date', 'currency', 'category', 'debit', 'credit', 'amount', 'description'];

/** 'Soll/Haben', 'Debit/Credit': a column saying which of the two a row is, not an amount of either. */
const isDirectionColumn = (header: string) => HEADER_WORDS.debit[0].test(header) && HEADER_WORDS.credit[0].test(header);

function columnOf(header: readonly string[], field: ColumnField, taken: ReadonlySet<number>): number | undefined {
  const split = field === 'debit' || field === 'credit';
  for (const words of HEADER_WORDS[field]) {
    const index = header.findIndex((h, i) => !taken.has(i) && words.test(h) && !(split && isDirectionColumn(h)));
    if (index >= 0) return index;
  }
  return undefined;
}

/**
 * Rows that are money in whatever the bank's sign: payments to a card ('PAYMENT - THANK YOU',
 * 'AUTOPAY'), salaries, transfers.
 */
const MONEY_IN_WORDS = /\b(payments?|thank you|autopay|auto-pay|salary|payroll|transfer|direct deposit|gehalt|lohn|gutschrift)\b/i;

/**
 * How the amount column writes a charge, told by the rows that are surely money in: when those
 * are mostly negative while most other rows are positive, charges are positive (an American
 * Express export); when they are mostly positive and most others negative, the usual negative.
 * Null when the rows cannot tell (no such rows, or no clear majority).
 */
export function guessChargeSign(rows: ReadonlyArray<{ description: string; amount: number }>): ChargeSign | null {
  const signed = rows.filter((r) => r.amount !== 0);
  const moneyIn = signed.filter((r) => MONEY_IN_WORDS.test(r.description));
  const others = signed.filter((r) => !MONEY_IN_WORDS.test(r.description));
  if (moneyIn.length === 0 || others.length === 0) return null;
  const positiveShare = (group: typeof signed) => group.filter((r) => r.amount > 0).length / group.length;
  const [moneyInPositive, othersPositive] = [positiveShare(moneyIn), positiveShare(others)];
  if (moneyInPositive < 0.5 && othersPositive > 0.5) return 'positive';
  if (moneyInPositive > 0.5 && othersPositive < 0.5) return 'negative';
  return null;
}

/** A currency an amount column's header names by code or sign: 'Umsatz in EUR', 'Betrag (€)', 'Amount (GBP)'. */
export function headerCurrency(header: string, home: string): string | null {
  for (const token of header.split(/[\s()[\]{}/:,;.-]+/)) {
    // Codes as banks write them, in capitals: 'Sum' or 'all' is a word, not a code.
    const code = /^[A-Z]{3}$/.test(token) || /^\p{Sc}$/u.test(token) ? currencyOfMarker(token, home) : null;
    if (code) return code;
  }
  return null;
}

/**
 * The mapping Tally can tell: columns by their header's words, the date order and the charge
 * sign from the first rows, and, without a currency column, the statement's currency as the
 * amount's header names it, else the home currency.
 */
export function guessMapping(table: StatementTable, home: string): Partial<ColumnMapping> {
  const found: Partial<ColumnMapping> = {};
  const taken = new Set<number>();
  for (const field of GUESS_ORDER) {
    const index = columnOf(table.header, field, taken);
    if (index === undefined) continue;
    found[field] = index;
    taken.add(index);
  }
  if (found.amount !== undefined) {
    delete found.debit;
    delete found.credit;
  }
  const cells = (column: number) => table.rows.slice(0, 200).map((r) => r.cells[column] ?? '');
  if (found.date !== undefined) {
    const order = guessDateOrder(cells(found.date).slice(0, 50));
    if (order) found.dateOrder = order;
  }
  if (found.amount !== undefined) {
    const descriptions = found.description === undefined ? [] : cells(found.description);
    const rows = cells(found.amount).flatMap((text, i) => {
      const amount = parseStatementAmount(text);
      return amount === null ? [] : [{ description: descriptions[i] ?? '', amount }];
    });
    found.chargeSign = guessChargeSign(rows) ?? DEFAULT_CHARGE_SIGN;
  }
  if (found.currency === undefined) {
    const amountColumns = [found.amount, found.debit, found.credit].filter((c) => c !== undefined);
    found.statementCurrency = amountColumns.map((c) => headerCurrency(table.header[c], home)).find(Boolean) ?? home;
  }
  return found;
}
