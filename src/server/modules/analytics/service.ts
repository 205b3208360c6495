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
import { dayCount, periodOf, periodsOf, sameDaysOfPrevious, sumIntoPeriods, type Period } from './periods';
import { changePct } from './comparison';
import { requestToday } from '../../today';
import { spendingByCategory, spendingByDay, spendingByMonth } from './repository';
import type { Clock } from '../../clock';

/** What other modules read or write through this one, inside their own transaction. */
export {
  moveCategoryTotals,
  rebuildTotals,
  receiptCountFromTotals,
  receiptCountsByCategory,
  replaceShareCounts,
  spendingByCategory,
  spendingByDay,
  type CountedPart,
} from './repository';

export function parseRange(text: string | undefined): AnalyticsRange {
  const range = (text ?? DEFAULT_ANALYTICS_RANGE).trim().toLowerCase();
  if (!(ANALYTICS_RANGES as readonly string[]).includes(range)) {
    throw badRequest(`range must be one of ${ANALYTICS_RANGES.join(', ')}`);
  }
  return range as AnalyticsRange;
}

const sumCents = (rows: ReadonlyArray<{ cents: number }>) => rows.reduce((s, r) => s + r.cents, 0);

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

  /**
   * This period against the same days of the previous one (like for like, so far) and against
   * the whole previous period, and this period by category (largest first).
   */
  async breakdown(userId: string, query: AnalyticsQuery): Promise<AnalyticsBreakdown> {
    const range = parseRange(query.range);
    const today = requestToday(query.tz, this.clock());
    const current = periodOf(range, today);
    const previous = periodOf(range, today, -1);
    const sameDays = sameDaysOfPrevious(range, today);
    const totalOf = async (span: Period) => sumCents(await spendingByCategory(this.db, userId, span));
    const [byCategory, sameDaysCents, previousCents] = await Promise.all([
      spendingByCategory(this.db, userId, current),
      totalOf(sameDays),
      // Same days that reach the previous period's end (today is this period's last day, or a
      // longer month than the last) are the whole of it: one read does.
      sameDays.to === previous.to ? null : totalOf(previous),
    ]);
    const total = sumCents(byCategory);
    return {
      current: {
        period: current.label,
        total: fromCents(total),
        previous_period: previous.label,
        previous_total: fromCents(sameDaysCents),
        previous_days: dayCount(sameDays),
        previous_period_total: fromCents(previousCents ?? sameDaysCents),
        previous_period_days: dayCount(previous),
        change_pct: changePct(total, sameDaysCents),
      },
      categories: byCategory.filter((c) => c.cents !== 0).map((c) => ({ category: c.name, color: c.color, amount: fromCents(c.cents) })),
    };
  }
}
