import { Type, type Static } from 'typebox';

/** An ISO 4217 code as requests carry it; whether Tally knows it is checked by the service (isCurrencyCode). */
export const currencyCode = (description = "ISO 4217 code, such as 'USD' or 'MYR'") => Type.String({ pattern: '^[A-Z]{3}$', description });
export const CurrencyCode = currencyCode();

/** Far above any real rate (one unit of the weakest currency in the strongest is still a number). */
export const MAX_RATE = 1_000_000_000;
/** The smallest rate kept (eight decimals); a minimum rather than exclusiveMinimum, which OpenAPI 3.0 writes differently. */
export const MIN_RATE = 0.00000001;
export const MAX_CURRENCY_RATES = 1000;

const Rate = Type.Number({ minimum: MIN_RATE, maximum: MAX_RATE, description: 'Units of the home currency for one unit of `currency`, at most 8 decimals' });

/** One row of the person's rates table: from `valid_from` on (until a later row of the same currency). */
export const CurrencyRate = Type.Object(
  {
    currency: CurrencyCode,
    rate: Rate,
    valid_from: Type.String({ maxLength: 10, description: "The day it applies from, 'YYYY-MM-DD'" }),
  },
  { additionalProperties: false },
);
export type CurrencyRate = Static<typeof CurrencyRate>;

/** GET /api/currency-rates answers, and PUT replaces, the table for the current home currency. */
export const CurrencyRateList = Type.Array(CurrencyRate, { maxItems: MAX_CURRENCY_RATES });
export type CurrencyRateList = Static<typeof CurrencyRateList>;
