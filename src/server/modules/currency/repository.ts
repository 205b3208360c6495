import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/schema';
import { dateText } from '../../db/dates';
import { DEFAULT_HOME_CURRENCY } from '../../../shared/currency';
import type { RateEntry } from './rateBook';

/** The person's home currency (the default for a person without a profile yet). */
export async function findHomeCurrency(db: Executor, userId: string): Promise<string> {
  const row = await db.selectFrom('profiles').select('home_currency').where('user_id', '=', userId).executeTakeFirst();
  return row?.home_currency ?? DEFAULT_HOME_CURRENCY;
}

/** The rates kept for one home currency, oldest first per currency. */
export async function listRates(db: Executor, userId: string, quote: string): Promise<RateEntry[]> {
  const rows = await db
    .selectFrom('currency_rates')
    .select(['currency', dateText('valid_from').as('valid_from'), 'rate'])
    .where('user_id', '=', userId)
    .where('quote', '=', quote)
    .orderBy('currency')
    .orderBy('valid_from')
    .execute();
  return rows.map((r) => ({ currency: r.currency, validFrom: r.valid_from, rate: Number(r.rate) }));
}

/** Replaces the table of one home currency with these rates. */
export async function replaceRates(trx: Executor, userId: string, quote: string, rates: readonly RateEntry[]): Promise<void> {
  await trx.deleteFrom('currency_rates').where('user_id', '=', userId).where('quote', '=', quote).execute();
  if (rates.length === 0) return;
  await trx
    .insertInto('currency_rates')
    .values(rates.map((r) => ({ user_id: userId, quote, currency: r.currency, valid_from: r.validFrom, rate: String(r.rate) })))
    .execute();
}

/** Adds or replaces one rate. */
export async function putRate(trx: Executor, userId: string, quote: string, rate: RateEntry): Promise<void> {
  await trx
    .insertInto('currency_rates')
    .values({ user_id: userId, quote, currency: rate.currency, valid_from: rate.validFrom, rate: String(rate.rate) })
    .onConflict((oc) => oc.columns(['user_id', 'quote', 'currency', 'valid_from']).doUpdateSet({ rate: String(rate.rate) }))
    .execute();
}

/** One rate of a table as the days it is in force: from valid_from to the day before valid_to ('infinity' for the latest). */
export interface RateRange {
  currency: string;
  valid_from: string;
  valid_to: string;
  rate: string;
}

/**
 * The rates kept for one home currency as day ranges, a subquery for SQL that converts many
 * receipts at once: a receipt's rate is the one whose range holds its day.
 */
export function rateRanges(userId: string, quote: string): RawBuilder<RateRange> {
  return sql<RateRange>`SELECT currency, valid_from, rate,
      coalesce(lead(valid_from) OVER (PARTITION BY currency ORDER BY valid_from), 'infinity'::date) AS valid_to
    FROM currency_rates WHERE user_id = ${userId} AND quote = ${quote}`;
}
