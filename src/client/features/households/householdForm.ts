import { HOUSEHOLD_NAME_MAX, MEMBER_NAME_MAX } from '../../../shared/constants/households';

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
