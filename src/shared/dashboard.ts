import { Type, type Static } from 'typebox';
import { MAX_AMOUNT } from './money';
// The client takes these from ./constants/dashboard, which has no schema library behind it.
export { RECENT_TRANSACTIONS } from './constants/dashboard';

/** A receipt as the dashboard shows it: spending is negative, a refund positive (ARCHITECTURE §4). */
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

export const Dashboard = Type.Object({
  transactions: Type.Array(DashboardTransaction),
  budget: Type.Union([Type.Number(), Type.Null()]),
  /** This calendar month's spending (refunds subtract). */
  total_spent: Type.Number(),
  /** The saved profile's name, for the greeting. */
  display_name: Type.String(),
});
export type Dashboard = Static<typeof Dashboard>;

export const BudgetBody = Type.Object({ amount: Type.Number({ minimum: 0, maximum: MAX_AMOUNT }) }, { additionalProperties: false });
export type BudgetBody = Static<typeof BudgetBody>;

export const BudgetAnswer = Type.Object({ budget: Type.Union([Type.Number(), Type.Null()]) });
export type BudgetAnswer = Static<typeof BudgetAnswer>;
