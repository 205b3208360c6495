import type { Executor } from '../../db/schema';
import { convertMinor } from '../../../shared/currency';
import { loadRateBook } from '../currency/service';

/** What valuing a share needs of its receipt: its currency and date, the sharer's home currency and rate to it. */
export interface ShareValuing {
  currency: string;
  date: string;
  home: string;
  rate: number | null;
}

/** A share in `home`, the home currency of the person `userId` (see inHomeCurrency). */
export async function shareInHome(
  trx: Executor,
  userId: string,
  home: string,
  amount: number,
  facts: ShareValuing,
): Promise<{ home_currency: string; home_minor: number | null }> {
  if (home === facts.currency) return { home_currency: home, home_minor: amount };
  if (home === facts.home && facts.rate !== null) return { home_currency: home, home_minor: convertMinor(amount, facts.currency, home, facts.rate) };
  const rate = (await loadRateBook(trx, userId, home)).rateOn(facts.currency, facts.date);
  return { home_currency: home, home_minor: rate === null ? null : convertMinor(amount, facts.currency, home, rate) };
}
