import { Type, type Static } from 'typebox';

/** Analytics ranges of spec §9; weekly is the screen's default. */
export const ANALYTICS_RANGES = ['weekly', 'monthly', 'yearly'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 'weekly';

/** How many periods each range shows, oldest first, current one last. */
export const PERIODS_PER_RANGE: Record<AnalyticsRange, number> = { weekly: 12, monthly: 12, yearly: 5 };

/**
 * Optional `tz` query of every "this week / this month" answer: an IANA zone such as
 * 'Europe/Berlin', or a UTC offset such as '+05:30', that decides which calendar day "today" is.
 * Default UTC.
 */
export const TimeZone = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'IANA time zone such as Europe/Berlin, or a UTC offset such as +05:30; default UTC',
});
export const TimeZoneQuery = Type.Object({ tz: Type.Optional(TimeZone) });
export type TimeZoneQuery = Static<typeof TimeZoneQuery>;

/** `range` is checked by the service so that a wrong value gets a message naming the allowed ones. */
const Range = Type.String({ maxLength: 32, description: `One of ${ANALYTICS_RANGES.join(', ')}; default ${DEFAULT_ANALYTICS_RANGE}` });

export const AnalyticsQuery = Type.Object({ range: Type.Optional(Range), tz: Type.Optional(TimeZone) });
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

/** One point of the chart: a period label ('Nov 16', 'Nov 2026', '2026') and its spending. */
export const AnalyticsPoint = Type.Object({ period: Type.String(), amount: Type.Number() });
export type AnalyticsPoint = Static<typeof AnalyticsPoint>;
export const AnalyticsSeries = Type.Array(AnalyticsPoint);
export type AnalyticsSeries = Static<typeof AnalyticsSeries>;

/**
 * This period against the same days of the previous one and against the whole previous period,
 * and this period split by category (for a doughnut). On Tuesday the week compares with last
 * Monday and Tuesday (`previous_days` 2); on the 1st the month compares with the 1st of the last
 * one (1) and `previous_period_total` is the whole last month.
 */
export const AnalyticsBreakdown = Type.Object({
  current: Type.Object({
    /** This period's label ('Nov 30', 'Dec 2026', '2026'). */
    period: Type.String(),
    /** This period's spending, refunds subtracted. */
    total: Type.Number(),
    /** The previous period's label ('Nov 23', 'Nov 2026', '2025'). */
    previous_period: Type.String(),
    /** The previous period's spending over the same days as this period has had so far. */
    previous_total: Type.Number(),
    /** How many days `previous_total` covers: this period's days so far, at most the previous period's length. */
    previous_days: Type.Integer({ minimum: 1 }),
    /** The whole previous period's spending. */
    previous_period_total: Type.Number(),
    /** How many days the previous period has (7; 28–31; 365 or 366): `previous_days` equal to it means the whole period is compared. */
    previous_period_days: Type.Integer({ minimum: 1 }),
    /**
     * Percent change from `previous_total`, one decimal; null when that base means nothing: under
     * $1 (zero or negative: a refund), under a tenth of `total` (more than +900%), or `total` negative.
     */
    change_pct: Type.Union([Type.Number(), Type.Null()]),
  }),
  categories: Type.Array(Type.Object({ category: Type.String(), color: Type.String(), amount: Type.Number() })),
});
export type AnalyticsBreakdown = Static<typeof AnalyticsBreakdown>;
