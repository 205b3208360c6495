import { DEFAULT_CATEGORIES, FALLBACK_CATEGORY } from '../../../shared/categories';
import type { Executor } from '../../db/schema';
import { listCategories } from '../categories/service';

/** One of the person's categories, as an imported row is put in it. */
export interface CategoryChoice {
  id: string;
  name: string;
}

type DefaultName = (typeof DEFAULT_CATEGORIES)[number]['name'];

/** Words banks use for a default category (written as `normal` leaves them): 'Groceries' is Food. */
const SYNONYMS: Partial<Record<DefaultName, string[]>> = {
  Food: ['groceries', 'grocery', 'supermarket', 'supermarkets', 'restaurant', 'restaurants', 'dining', 'food and drink', 'eating out', 'lebensmittel'],
  Transportation: [
    'transport',
    'travel and transport',
    'auto and transport',
    'automotive',
    'gas',
    'fuel',
    'gas and fuel',
    'taxi',
    'taxis',
    'parking',
    'verkehr',
  ],
  Clothing: ['clothes', 'apparel', 'kleidung'],
  Entertainment: ['movies', 'music', 'streaming', 'movies and dvds', 'freizeit'],
  Utilities: ['bills', 'bills and utilities', 'utility', 'electricity', 'phone', 'internet', 'nebenkosten'],
};

const normal = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s*&\s*/g, ' and ')
    .replace(/\s+/g, ' ')
    .trim();

const SYNONYM_OF = new Map(Object.entries(SYNONYMS).flatMap(([name, words]) => (words ?? []).map((w) => [w, normal(name)] as const)));

/** The texts to look up for a bank's category: all of it, then its parts, the most specific (last) first ('Merchandise & Supplies-Groceries'). */
function candidates(bankCategory: string): string[] {
  const whole = normal(bankCategory);
  const parts = whole
    .split(/\s*[-/:>|]\s*/)
    .filter(Boolean)
    .reverse();
  return [...new Set([whole, ...parts])].filter(Boolean);
}

/**
 * Which of the person's categories a bank's category is: one of the same name (case aside), else
 * the default a usual synonym names ('Groceries' → Food) when the person has it, else the
 * fallback (Other). Each distinct text is looked up once.
 */
export function categoryPicker(categories: readonly CategoryChoice[], fallback: CategoryChoice): (bankCategory: string | undefined) => CategoryChoice {
  const byName = new Map(categories.map((c) => [normal(c.name), c]));
  const picked = new Map<string, CategoryChoice>();
  const pick = (bankCategory: string): CategoryChoice => {
    const texts = candidates(bankCategory);
    for (const text of texts) {
      const own = byName.get(text);
      if (own) return own;
    }
    for (const text of texts) {
      const synonym = SYNONYM_OF.get(text);
      const own = synonym === undefined ? undefined : byName.get(synonym);
      if (own) return own;
    }
    return fallback;
  };
  return (bankCategory) => {
    if (!bankCategory) return fallback;
    let choice = picked.get(bankCategory);
    if (!choice) {
      choice = pick(bankCategory);
      picked.set(bankCategory, choice);
    }
    return choice;
  };
}

/** The person's category a row's bank category puts it in (see categoryPicker). */
export type PickCategory = (bankCategory: string | undefined) => CategoryChoice;

/** With a category column: the picker over the person's categories, their fallback last (a commit makes it when missing, a preview only names it). */
export async function pickerFor(db: Executor, userId: string, fallback?: CategoryChoice): Promise<PickCategory> {
  const categories = await listCategories(db, userId);
  const last = fallback ?? categories.find((c) => c.is_fallback) ?? { id: '', name: FALLBACK_CATEGORY };
  return categoryPicker(categories, last);
}
