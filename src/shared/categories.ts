import { Type, type Static } from 'typebox';
import { MAX_AMOUNT } from './money';
import { CATEGORY_ICONS, MAX_CATEGORY_NAME, type CategoryIcon } from './constants/categories';
// The client takes these from ./constants/categories, which has no schema library behind it.
export {
  DEFAULT_CATEGORY_COLOR,
  DEFAULT_CATEGORY_ICON,
  CATEGORY_ICONS,
  DEFAULT_CATEGORIES,
  FALLBACK_CATEGORY,
  nextCategoryColor,
  type CategoryIcon,
} from './constants/categories';

export const CategoryIconSchema = Type.Enum(CATEGORY_ICONS.map((i) => i.value) as CategoryIcon[]);

export const Category = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  color: Type.String(),
  icon: Type.String(),
  budget: Type.Union([Type.Number(), Type.Null()]),
  /** The fallback ('Other'): receives the receipts of deleted categories and cannot be deleted. */
  is_fallback: Type.Boolean(),
  /** What was left of its budget (or overspent) carries into the next month. */
  rollover: Type.Boolean(),
});
export type Category = Static<typeof Category>;

export const CategoryInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: MAX_CATEGORY_NAME, pattern: '\\S' }),
    color: Type.Optional(
      Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: "Default on create: the first palette colour none of the person's categories has" }),
    ),
    icon: Type.Optional(CategoryIconSchema),
    budget: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: MAX_AMOUNT }), Type.Null()])),
    rollover: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CategoryInput = Static<typeof CategoryInput>;

/** A category in the list, with this calendar month's spending in it and how many receipts it holds (GET /categories always sends it). */
export const CategoryWithSpending = Type.Object({
  ...Category.properties,
  spent: Type.Number(),
  receipt_count: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Carried into this month (negative when overspent); null without rollover or budget. */
  carry_over: Type.Union([Type.Number(), Type.Null()]),
  /** This month's budget plus the carry-over; null without a budget. */
  available: Type.Union([Type.Number(), Type.Null()]),
});
export type CategoryWithSpending = Static<typeof CategoryWithSpending>;
export const CategoryList = Type.Array(CategoryWithSpending);

/** Ids are checked by the service (an id that is not a uuid is simply not found). */
export const CategoryParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export type CategoryParams = Static<typeof CategoryParams>;
