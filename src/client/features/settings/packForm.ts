import { isCalendarDate } from '../../ui/dates';
import { PACK_SEARCH_MAX } from '../../../shared/constants/pack';

/** The evidence pack dialog's fields; `year` is '' once the days are not one whole year. */
export interface PackForm {
  year: string;
  from: string;
  to: string;
  /** '' for every category. */
  categoryId: string;
  search: string;
}

/** The first and last day of a year. */
export const yearDays = (year: string): Pick<PackForm, 'from' | 'to'> => ({ from: `${year}-01-01`, to: `${year}-12-31` });

/** The years offered, this one first, as far back as `count` years. */
export function packYears(today: string, count = 7): string[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: count }, (_, n) => String(year - n));
}

/** The dialog as it opens: last year, the tax year most people are asked for. */
export function initialPackForm(today: string): PackForm {
  const year = String(Number(today.slice(0, 4)) - 1);
  return { year, ...yearDays(year), categoryId: '', search: '' };
}

/** Days typed by hand: the year they make up, if they make one up. */
export function withDays(form: PackForm, days: Partial<Pick<PackForm, 'from' | 'to'>>): PackForm {
  const next = { ...form, ...days };
  const year = next.from.slice(0, 4);
  return { ...next, year: next.from === `${year}-01-01` && next.to === `${year}-12-31` ? year : '' };
}

/** What is wrong with the form, said as the person can fix it, or null. */
export function packFormError(form: PackForm): string | null {
  if (!isCalendarDate(form.from)) return 'Enter the first day of the pack';
  if (!isCalendarDate(form.to)) return 'Enter the last day of the pack';
  if (form.from > form.to) return 'The first day must not be after the last day';
  if (form.search.length > PACK_SEARCH_MAX) return `The search must be at most ${PACK_SEARCH_MAX} characters`;
  return null;
}

/** The query of GET /api/export/pack for the form. */
export function packQuery(form: PackForm): string {
  const params = new URLSearchParams({ from: form.from, to: form.to });
  if (form.categoryId) params.set('category_id', form.categoryId);
  if (form.search.trim()) params.set('q', form.search.trim());
  return params.toString();
}
