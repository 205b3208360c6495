import { Type, type Static } from 'typebox';
import { MAX_AMOUNT } from './money';

/** How many recent transactions the dashboard lists (spec §9). */
export const RECENT_TRANSACTIONS = 5;

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
