/** Categories constants of the API contract without its schemas: what the client imports. */

export const DEFAULT_CATEGORY_COLOR = '#3B82F6';

export const DEFAULT_CATEGORY_ICON = 'tag';

/** The longest category name (the form stops typing there). */
export const MAX_CATEGORY_NAME = 50;

/** Icon options of spec §3: value and label. */
export const CATEGORY_ICONS = [
  { value: 'tag', label: 'Tag' },
  { value: 'shopping-bag', label: 'Shopping' },
  { value: 'utensils', label: 'Food' },
  { value: 'home', label: 'Home' },
  { value: 'car', label: 'Transport' },
  { value: 'medical', label: 'Health' },
  { value: 'book', label: 'Education' },
  { value: 'gamepad', label: 'Entertainment' },
  { value: 'suitcase', label: 'Travel' },
  { value: 'gift', label: 'Gifts' },
] as const;

export type CategoryIcon = (typeof CATEGORY_ICONS)[number]['value'];

/** Every new user starts with these. The last one is the fallback. */
export const DEFAULT_CATEGORIES: ReadonlyArray<{ name: string; color: string; icon: CategoryIcon }> = [
  { name: 'Food', color: '#22C55E', icon: 'utensils' },
  { name: 'Transportation', color: '#F59E0B', icon: 'car' },
  { name: 'Clothing', color: '#EC4899', icon: 'shopping-bag' },
  { name: 'Entertainment', color: '#8B5CF6', icon: 'gamepad' },
  { name: 'Utilities', color: '#0EA5E9', icon: 'home' },
  { name: 'Other', color: '#64748B', icon: 'tag' },
];

export const FALLBACK_CATEGORY = 'Other';

/**
 * The colours a new category is given when none is chosen, in turn: DEFAULT_CATEGORY_COLOR, then
 * others far enough apart to tell on a chart, then the default categories' own (taken at first,
 * and free again once such a category is deleted).
 */
export const CATEGORY_PALETTE: readonly string[] = [
  DEFAULT_CATEGORY_COLOR,
  '#EF4444',
  '#14B8A6',
  '#F97316',
  '#6366F1',
  '#84CC16',
  '#D946EF',
  '#06B6D4',
  '#EAB308',
  '#F43F5E',
  '#10B981',
  '#A855F7',
  ...DEFAULT_CATEGORIES.map((c) => c.color),
];

/**
 * The colour for a new category beside categories of colours `used`: the first of the palette
 * that none has (in any case), else, once every one is taken, the first of those fewest have.
 */
export function nextCategoryColor(used: readonly string[]): string {
  const uses = new Map<string, number>();
  for (const color of used) uses.set(color.toUpperCase(), (uses.get(color.toUpperCase()) ?? 0) + 1);
  const count = (color: string) => uses.get(color) ?? 0;
  return CATEGORY_PALETTE.reduce((best, color) => (count(color) < count(best) ? color : best));
}
