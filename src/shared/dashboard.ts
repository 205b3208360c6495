import { Type, type Static } from 'typebox';
import { MAX_AMOUNT } from './money';
// The client takes these from ./constants/dashboard, which has no schema library behind it.
export { RECENT_TRANSACTIONS } from './constants/dashboard';

/** A receipt as the dashboard shows it: spending is negative, a refund positive. */
export const DashboardTransaction = Type.Object({
  _id: Type.String(),
  /** The receipt's description, or its store when it has none (spec §3). */
  description: Type.String(),
  store: Type.String(),
  category: Type.String(),
  date: Type.String(),
  amount: Type.Number(),
});
export type DashboardTransaction = Static<typeof DashboardTransaction>;

const Money = Type.Number();
const OptionalMoney = Type.Union([Type.Number(), Type.Null()]);

/** Spent so far against an even month's line to `available`. */
export const Pace = Type.Object({
  /** What an even month would have spent by the end of today. */
  expected: Money,
  /** expected − spent: positive is ahead of pace (less spent), negative is over it. */
  difference: Money,
  /** Today's day of the month (1-based) and the month's length. */
  day: Type.Integer({ minimum: 1 }),
  days_in_month: Type.Integer({ minimum: 28 }),
});
export type Pace = Static<typeof Pace>;

/** A confirmed recurring bill expected later this month. */
export const ForecastBill = Type.Object({ _id: Type.String(), store: Type.String(), amount: Money, date: Type.String() });
export type ForecastBill = Static<typeof ForecastBill>;

/** The month's end at this pace: spent so far, the day-to-day rate for the days left, and the bills to come. */
export const Forecast = Type.Object({
  /**
   * Null while it is too early to tell: fewer than FORECAST_MIN_DAYS days of this month and no
   * earlier month's spending to steady the pace. The bills to come are known all the same.
   */
  amount: OptionalMoney,
  /** The month's last day, 'YYYY-MM-DD'. */
  month_end: Type.String(),
  bills_to_come: Money,
  bills: Type.Array(ForecastBill),
  /** Spending so far, cumulative per day of the month: day 1 first, today last. */
  spent_by_day: Type.Array(Money),
});
export type Forecast = Static<typeof Forecast>;

export const Dashboard = Type.Object({
  transactions: Type.Array(DashboardTransaction),
  budget: OptionalMoney,
  /** This calendar month's spending (refunds subtract). */
  total_spent: Money,
  /** The saved profile's name, for the greeting. */
  display_name: Type.String(),
  /** This month, 'YYYY-MM', in the request's time zone. */
  month: Type.String(),
  /** Whether the monthly budget carries what was left (or overspent) into the next month. */
  rollover: Type.Boolean(),
  /** Carried into this month from the months before (negative when overspent); null without rollover or budget. */
  carry_over: OptionalMoney,
  /** This month's budget plus the carry-over; null without a budget. */
  available: OptionalMoney,
  /** Null without a budget. */
  pace: Type.Union([Pace, Type.Null()]),
  forecast: Forecast,
});
export type Dashboard = Static<typeof Dashboard>;

export const BudgetBody = Type.Object(
  { amount: Type.Number({ minimum: 0, maximum: MAX_AMOUNT }), rollover: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type BudgetBody = Static<typeof BudgetBody>;

export const BudgetAnswer = Type.Object({ budget: OptionalMoney, rollover: Type.Boolean() });
export type BudgetAnswer = Static<typeof BudgetAnswer>;
