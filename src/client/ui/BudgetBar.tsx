import { LinearProgress } from '@mui/material';
import { budgetLevel } from '../../shared/budget';

export interface BudgetBarProps {
  spent: number;
  /** What may be spent: a budget, or a budget with what carried over into it (may be below 0). */
  budget: number;
  /** The bar's accessible name. */
  label: string;
}

const cents = (amount: number) => Math.round(amount * 100);
const COLOR = { none: 'primary', warning: 'warning', exceeded: 'error' } as const;

/** Spending against a budget: amber from 80%, red past 100% (the thresholds of the notifications). */
export function BudgetBar({ spent, budget, label }: BudgetBarProps) {
  // What may be spent goes below 0 when an overspent month carries over: exceeded before anything is spent.
  const level = budget < 0 && spent > budget ? 'exceeded' : budgetLevel(cents(spent), cents(budget));
  const value = budget > 0 ? Math.max(0, Math.min(100, (spent / budget) * 100)) : level === 'exceeded' ? 100 : 0;
  return <LinearProgress variant="determinate" value={value} color={COLOR[level]} aria-label={label} data-level={level} sx={{ height: 8, borderRadius: 4 }} />;
}
