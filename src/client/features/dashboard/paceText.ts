import type { Pace } from '../../../shared/dashboard';
import { formatMoney, formatMoneyAbs } from '../../ui/money';

/** Less spent than an even month would have by today (or exactly that much). */
export function isAheadOfPace(pace: Pick<Pace, 'difference'>): boolean {
  return pace.difference >= 0;
}

/** 'You are $35.00 ahead of pace' or 'You are $35.00 over pace'. */
export function paceSentence(pace: Pick<Pace, 'difference'>): string {
  return `You are ${formatMoneyAbs(pace.difference)} ${isAheadOfPace(pace) ? 'ahead of' : 'over'} pace`;
}

/** The figures behind the sentence: 'Spent $120.00 of the $155.00 an even month would have spent by today'. */
export function paceDetail(pace: Pick<Pace, 'expected'>, spent: number): string {
  return `Spent ${formatMoney(spent)} of the ${formatMoney(pace.expected)} an even month would have spent by today`;
}
