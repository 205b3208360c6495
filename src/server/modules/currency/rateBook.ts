import { rateInForce } from '../../../shared/currency';

/** One rate of the person's table: `currency` in the home currency from `validFrom` on. */
export interface RateEntry {
  currency: string;
  validFrom: string;
  rate: number;
}

/**
 * A person's rates for one home currency, asked by currency and day: the rate in force that day
 * is the latest whose valid_from is on or before it. Read once, asked many times (an import of
 * thousands of rows asks it per row).
 */
export class RateBook {
  private byCurrency = new Map<string, RateEntry[]>();

  constructor(
    readonly home: string,
    entries: readonly RateEntry[],
  ) {
    for (const e of entries) this.byCurrency.set(e.currency, [...(this.byCurrency.get(e.currency) ?? []), e]);
    for (const list of this.byCurrency.values()) list.sort((a, b) => (a.validFrom < b.validFrom ? -1 : 1));
  }

  /** Home units for one `currency` on `date`: 1 for the home currency, null when the table has none yet. */
  rateOn(currency: string, date: string): number | null {
    return currency === this.home ? 1 : rateInForce(this.byCurrency.get(currency) ?? [], date);
  }

  /** The first day the table has a rate for `currency`, or null. */
  earliest(currency: string): string | null {
    return this.byCurrency.get(currency)?.[0]?.validFrom ?? null;
  }
}
