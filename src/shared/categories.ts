import { Type, type Static } from 'typebox';
import { MAX_AMOUNT } from './money';

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

export const CategoryIconSchema = Type.Enum(CATEGORY_ICONS.map((i) => i.value) as CategoryIcon[]);

export const Category = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  color: Type.String(),
  icon: Type.String(),
  budget: Type.Union([Type.Number(), Type.Null()]),
  /** The fallback ('Other'): receives the receipts of deleted categories and cannot be deleted. */
  is_fallback: Type.Boolean(),
});
export type Category = Static<typeof Category>;

export const CategoryInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' }),
    color: Type.Optional(Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' })),
    icon: Type.Optional(CategoryIconSchema),
    budget: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: MAX_AMOUNT }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type CategoryInput = Static<typeof CategoryInput>;

/** A category in the list, with this calendar month's spending in it and how many receipts it holds (GET /categories always sends it). */
export const CategoryWithSpending = Type.Object({ ...Category.properties, spent: Type.Number(), receipt_count: Type.Optional(Type.Integer({ minimum: 0 })) });
export type CategoryWithSpending = Static<typeof CategoryWithSpending>;
export const CategoryList = Type.Array(CategoryWithSpending);

/** Ids are checked by the service (an id that is not a uuid is simply not found). */
export const CategoryParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export type CategoryParams = Static<typeof CategoryParams>;
