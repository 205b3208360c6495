import { HOUSEHOLD_NAME_MAX, MEMBER_NAME_MAX } from '../../../shared/constants/households';
import type { Debt } from '../../../shared/households';
import { toMinor } from '../../../shared/currency';
import { amountInputError, amountInputValue } from '../../ui/amountInput';
import { debtLine } from './householdText';

/** The one text a household dialog asks for: a household's name, a person's name, or an address. */
export interface OneFieldValues {
  text: string;
}
export type OneFieldErrors = Partial<Record<keyof OneFieldValues, string>>;

/** A name the API takes: not blank, at most `max` characters once trimmed (as the server cleans it). */
function nameError(text: string, what: string, max: number): string | undefined {
  const name = text.trim();
  if (!name) return `Give the ${what} a name.`;
  if (name.length > max) return `The ${what}'s name can be at most ${max} characters.`;
  return undefined;
}

const only = (error: string | undefined): OneFieldErrors => (error ? { text: error } : {});

export const validateHouseholdName = ({ text }: OneFieldValues) => only(nameError(text, 'household', HOUSEHOLD_NAME_MAX));

export const validateMemberName = ({ text }: OneFieldValues) => only(nameError(text, 'person', MEMBER_NAME_MAX));

/** Something@something.something, as the API checks it; the API has the last word. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const validateInviteEmail = ({ text }: OneFieldValues) =>
  only(EMAIL_SHAPE.test(text.trim()) ? undefined : 'Enter the e-mail address to invite, like name@example.com.');

/** The settle-up dialog's one field: the amount paid, as typed. */
export interface SettlementValues {
  amount: string;
}
export type SettlementErrors = Partial<Record<keyof SettlementValues, string>>;

/**
 * A payment the API takes (as recordSettlement checks it): an amount in the debt's currency and
 * decimals, above 0 and at most what is owed, compared in minor units as the server compares them.
 */
export function validateSettlement({ amount }: SettlementValues, debt: Debt, me: string): SettlementErrors {
  const { currency } = debt;
  if (!amount.trim()) return { amount: 'Enter the amount paid.' };
  const format = amountInputError(amount, { label: 'Amount', currency });
  if (format) return { amount: format };
  const minor = toMinor(amountInputValue(amount, currency), currency) ?? 0;
  if (minor <= 0) return { amount: 'Amount must be more than 0.' };
  if (minor > (toMinor(debt.amount, currency) ?? 0)) return { amount: `${debtLine(debt, me)}: record at most that.` };
  return {};
}
