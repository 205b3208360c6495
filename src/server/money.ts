import { toCents } from '../shared/money';
import { badRequest } from './errors';

/** Cents for an amount from a request, or a 400 naming the field when it has a third decimal. */
export function centsOf(amount: number, field: string): number {
  const cents = toCents(amount);
  if (cents === null) throw badRequest(`${field} must have at most two decimals`);
  return cents;
}

export function optionalCentsOf(amount: number | null | undefined, field: string): number | null | undefined {
  return amount === null || amount === undefined ? amount : centsOf(amount, field);
}
