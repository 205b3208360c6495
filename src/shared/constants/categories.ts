/** Categories constants of the API contract without its schemas: what the client imports. */

export const DEFAULT_CATEGORY_COLOR = '#3B82F6';

export const DEFAULT_CATEGORY_ICON = 'tag';

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

/** Every new user starts with these (ARCHITECTURE §4). The last one is the fallback. */
export const DEFAULT_CATEGORIES: ReadonlyArray<{ name: string; color: string; icon: CategoryIcon }> = [
  { name: 'Food', color: '#22C55E', icon: 'utensils' },
  { name: 'Transportation', color: '#F59E0B', icon: 'car' },
  { name: 'Clothing', color: '#EC4899', icon: 'shopping-bag' },
  { name: 'Entertainment', color: '#8B5CF6', icon: 'gamepad' },
  { name: 'Utilities', color: '#0EA5E9', icon: 'home' },
  { name: 'Other', color: '#64748B', icon: 'tag' },
];

export const FALLBACK_CATEGORY = 'Other';
