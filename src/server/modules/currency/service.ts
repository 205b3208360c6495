import type { Db } from '../../db';
import type { Executor } from '../../db/schema';
import { writeAsUser } from '../../db/accountGate';
import { badRequest } from '../../errors';
import { parseCalendarDate } from '../../../shared/calendar';
import { MAX_AMOUNT } from '../../../shared/money';
import { homeCents, isCurrencyCode, isKeptRate, minorUnits, toMinor } from '../../../shared/currency';
import type { CurrencyRate, CurrencyRateList } from '../../../shared/currencyRates';
import { RateBook } from './rateBook';
import { findHomeCurrency, listRates, putRate, replaceRates } from './repository';

/** What other modules read or write through this one, inside their own transaction. */
export { findHomeCurrency, rateRanges, type RateRange } from './repository';
export { type RateBook } from './rateBook';

/** The person's rates for their home currency (or `home`), ready to be asked per currency and day. */
export async function loadRateBook(db: Executor, userId: string, home?: string): Promise<RateBook> {
  const quote = home ?? (await findHomeCurrency(db, userId));
  return new RateBook(quote, await listRates(db, userId, quote));
}

/** A currency code from a request, or a 400 naming the field. */
export function checkedCurrency(code: string, field: string): string {
  if (!isCurrencyCode(code)) throw badRequest(`${field} is not a currency code Tally knows: ${code}`);
  return code;
}

function checkedRate(rate: number, field: string): number {
  if (!isKeptRate(rate)) throw badRequest(`${field} must be a positive number with at most 8 decimals`);
  return rate;
}

const DIGIT_WORDS = ['no', 'one', 'two', 'three', 'four'];

/** How a receipt's amount is kept: as printed, in its currency, and in hundredths of the home currency. */
export interface ReceiptMoney {
  currency: string;
  printed_minor: number;
  rate: number | null;
  amount_cents: number;
}

export interface MoneyRequest {
  /** The amount as printed, and the request field it came from (named in errors). */
  amount: number;
  field: string;
  currency: string;
  /** A rate the person typed; undefined: the table's on `date`. */
  rate?: number;
  date: string;
}

/** An amount from a request in `currency`'s minor units, or a 400 naming the field when it has more decimals than the currency has. */
export function minorAmount(amount: number, currency: string, field: string, home: string): number {
  const minor = toMinor(amount, currency);
  if (minor !== null) return minor;
  const digits = minorUnits(currency);
  const where = currency === home ? '' : ` in ${currency}`;
  throw badRequest(digits === 0 ? `${field} has no decimals${where}` : `${field} must have at most ${DIGIT_WORDS[digits] ?? digits} decimals${where}`);
}

/**
 * The amounts a receipt keeps, or a 400 in words: an amount with more decimals than its currency
 * has, zero, or a foreign currency without a typed rate when the table has none for the day.
 */
export function receiptMoney(request: MoneyRequest, book: RateBook): ReceiptMoney {
  const currency = checkedCurrency(request.currency, 'currency');
  const minor = minorAmount(request.amount, currency, request.field, book.home);
  if (minor === 0) throw badRequest(`${request.field} must not be zero`);
  const rate = currency === book.home ? null : request.rate === undefined ? book.rateOn(currency, request.date) : checkedRate(request.rate, 'rate');
  if (currency !== book.home && rate === null) {
    throw badRequest(`No rate for ${currency} on ${request.date}: type one, add it in Settings → Currencies, or make ${currency} your home currency there`);
  }
  const amountCents = homeCents(minor, currency, book.home, rate);
  if (Math.abs(amountCents) > MAX_AMOUNT * 100) {
    throw badRequest(
      currency === book.home ? `${request.field} must be at most ${MAX_AMOUNT}` : `${request.field} comes to more than ${MAX_AMOUNT} ${book.home}`,
    );
  }
  return { currency, printed_minor: minor, rate, amount_cents: amountCents };
}

/** The rate a person gave for their old home currency when choosing a new one: in force since always. */
export async function keepSwitchRate(trx: Executor, userId: string, from: string, to: string, rate: number): Promise<void> {
  await putRate(trx, userId, to, { currency: from, validFrom: '1970-01-01', rate: checkedRate(rate, 'home_currency_rate') });
}

/** GET/PUT /api/currency-rates: the table for the current home currency. */
export class CurrencyService {
  constructor(private db: Db) {}

  async list(userId: string): Promise<CurrencyRateList> {
    const book = await listRates(this.db, userId, await findHomeCurrency(this.db, userId));
    return book.map((r) => ({ currency: r.currency, rate: r.rate, valid_from: r.validFrom }));
  }

  /** Replaces the table; every row is checked first, so a bad one changes nothing. */
  async replace(userId: string, rates: CurrencyRateList): Promise<CurrencyRateList> {
    const entries = rates.map((r: CurrencyRate, i) => {
      const date = parseCalendarDate(r.valid_from);
      if (!date) throw badRequest(`${i}.valid_from must be a date written YYYY-MM-DD: ${r.valid_from}`);
      return { currency: checkedCurrency(r.currency, `${i}.currency`), rate: checkedRate(r.rate, `${i}.rate`), validFrom: date };
    });
    const seen = new Set<string>();
    for (const e of entries) {
      const key = `${e.currency} ${e.validFrom}`;
      if (seen.has(key)) throw badRequest(`Two rates for ${e.currency} from ${e.validFrom}: keep one`);
      seen.add(key);
    }
    await writeAsUser(this.db, userId, async (trx) => {
      const home = await findHomeCurrency(trx, userId);
      if (entries.some((e) => e.currency === home)) throw badRequest(`${home} is your home currency: it needs no rate`);
      await replaceRates(trx, userId, home, entries);
    });
    return this.list(userId);
  }
}
