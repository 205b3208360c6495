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

/** This period so far against the same days of the previous one, and this period split by category (for a doughnut). */
export const AnalyticsBreakdown = Type.Object({
  current: Type.Object({
    period: Type.String(),
    total: Type.Number(),
    previous_period: Type.String(),
    /** The previous period's spending over the same days as this period has had so far. */
    previous_total: Type.Number(),
    /** Percent change from the previous period, one decimal; null when the previous total is 0. */
    change_pct: Type.Union([Type.Number(), Type.Null()]),
  }),
  categories: Type.Array(Type.Object({ category: Type.String(), color: Type.String(), amount: Type.Number() })),
});
export type AnalyticsBreakdown = Static<typeof AnalyticsBreakdown>;
