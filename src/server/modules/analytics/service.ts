import type { Db } from '../../db';
import { badRequest } from '../../errors';
import { fromCents } from '../../../shared/money';
import {
  ANALYTICS_RANGES,
  DEFAULT_ANALYTICS_RANGE,
  type AnalyticsBreakdown,
  type AnalyticsQuery,
  type AnalyticsRange,
  type AnalyticsSeries,
} from '../../../shared/analytics';
import { periodOf, periodsOf, sameDaysOfPrevious, sumIntoPeriods } from './periods';
import { requestToday } from '../../today';
import { spendingByCategory, spendingByDay, spendingByMonth } from './repository';
import type { Clock } from '../../clock';

/** What other modules read or write through this one, inside their own transaction. */
export { moveCategoryTotals, rebuildTotals, receiptCountFromTotals, receiptCountsByCategory, spendingByCategory, spendingByDay } from './repository';

export function parseRange(text: string | undefined): AnalyticsRange {
  const range = (text ?? DEFAULT_ANALYTICS_RANGE).trim().toLowerCase();
  if (!(ANALYTICS_RANGES as readonly string[]).includes(range)) {
    throw badRequest(`range must be one of ${ANALYTICS_RANGES.join(', ')}`);
  }
  return range as AnalyticsRange;
}

/** Percent change, one decimal; null when there is nothing to compare with. */
function changePct(current: number, previous: number): number | null {
  return previous === 0 ? null : Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** Reads only the totals tables: the cost depends on the range, never on the number of receipts. */
export class AnalyticsService {
  constructor(
    private db: Db,
    private clock: Clock,
  ) {}

  /** Spending per period, oldest first, every period present (zero when nothing was spent). */
  async series(userId: string, query: AnalyticsQuery): Promise<AnalyticsSeries> {
    const range = parseRange(query.range);
    const periods = periodsOf(range, requestToday(query.tz, this.clock()));
    const from = periods[0].from;
    const to = periods[periods.length - 1].to;
    const rows = range === 'weekly' ? await spendingByDay(this.db, userId, from, to) : await spendingByMonth(this.db, userId, from, to);
    const sums = sumIntoPeriods(periods, rows);
    return periods.map((p, i) => ({ period: p.label, amount: fromCents(sums[i]) }));
  }

  /** This period so far against the same days of the previous one, and this period by category (largest first). */
  async breakdown(userId: string, query: AnalyticsQuery): Promise<AnalyticsBreakdown> {
    const range = parseRange(query.range);
    const today = requestToday(query.tz, this.clock());
    const current = periodOf(range, today);
    const previous = sameDaysOfPrevious(range, today);
    const [byCategory, before] = await Promise.all([spendingByCategory(this.db, userId, current), spendingByCategory(this.db, userId, previous)]);
    const total = byCategory.reduce((s, c) => s + c.cents, 0);
    const previousTotal = before.reduce((s, c) => s + c.cents, 0);
    return {
      current: {
        period: current.label,
        total: fromCents(total),
        previous_period: previous.label,
        previous_total: fromCents(previousTotal),
        change_pct: changePct(total, previousTotal),
      },
      categories: byCategory.filter((c) => c.cents !== 0).map((c) => ({ category: c.name, color: c.color, amount: fromCents(c.cents) })),
    };
  }
}
