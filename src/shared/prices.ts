import { Type, type Static } from 'typebox';
import { MAX_ITEM_NAME } from './constants/receipts';

/** What a person paid for an item over time (issue 52's price memory), in the receipts' own currencies, never converted. */

/** One of the person's item names (any case), as saved on receipts. */
const ItemName = (description: string) => Type.String({ minLength: 1, maxLength: MAX_ITEM_NAME, pattern: '\\S', description });

export const PriceQuery = Type.Object({
  item: ItemName("An item's name (any case), as saved on receipts"),
});
export type PriceQuery = Static<typeof PriceQuery>;

export const ItemSearchQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: MAX_ITEM_NAME, description: 'Items whose name contains this (any case); left out: the most bought' })),
});
export type ItemSearchQuery = Static<typeof ItemSearchQuery>;

export const BoughtItem = Type.Object({
  name: Type.String(),
  purchases: Type.Integer(),
  category_id: Type.Union([Type.String(), Type.Null()], {
    description: 'The category the item was last given (null: its receipt’s), proposed when it is typed again',
  }),
});
export const BoughtItems = Type.Array(BoughtItem);
export type BoughtItem = Static<typeof BoughtItem>;

/** One purchase: the price of one unit on that day at that store. */
export const PricePoint = Type.Object({
  date: Type.String(),
  store: Type.String(),
  unit_price: Type.Number(),
  currency: Type.String(),
  receipt_id: Type.String(),
});
export type PricePoint = Static<typeof PricePoint>;

export const StorePrice = Type.Object({
  store: Type.String(),
  currency: Type.String(),
  purchases: Type.Integer(),
  last_price: Type.Number(),
  last_date: Type.String(),
  lowest: Type.Number(),
  average: Type.Number(),
});
export type StorePrice = Static<typeof StorePrice>;

export const PriceHistory = Type.Object({
  /** The product's name when the item is grouped into one, else the item's. */
  item: Type.String(),
  /** The names whose purchases it holds: the item's own, or every name of its product, the product's first. */
  names: Type.Array(Type.String()),
  /** Oldest first, at most PRICE_HISTORY_LIMIT (the latest). */
  points: Type.Array(PricePoint),
  /** Cheapest last price first. */
  stores: Type.Array(StorePrice),
  /** The store with the lowest price in the last 90 days of purchases, if any. */
  cheapest_recent: Type.Union([Type.Object({ store: Type.String(), unit_price: Type.Number(), currency: Type.String(), date: Type.String() }), Type.Null()]),
});
export type PriceHistory = Static<typeof PriceHistory>;

/** An item on a receipt that cost clearly more than the person's usual for it. */
export const PriceNote = Type.Object({ item: Type.String(), paid: Type.Number(), usual: Type.Number(), usual_store: Type.String(), currency: Type.String() });
export const PriceNotes = Type.Array(PriceNote);
export type PriceNote = Static<typeof PriceNote>;

/**
 * Canonical names (issue 52): the person says an item is the same product as another of their
 * names, and price memory reads the names as one product, under the name they chose.
 */

/** PUT /api/prices/products. */
export const SameProductBody = Type.Object(
  {
    item: ItemName('The item shown: it and every name of its product join the product of `same_as`'),
    same_as: ItemName("Another of the person's names: its product (or it, as a new one) takes the item's names"),
  },
  { additionalProperties: false },
);
export type SameProductBody = Static<typeof SameProductBody>;

/** A product: its name (the one the person chose) and every name grouped into it, its own first. */
export const ProductNames = Type.Object({ product: Type.String(), names: Type.Array(Type.String()) });
export type ProductNames = Static<typeof ProductNames>;

/** GET /api/prices/similar: the person's products whose names look like the item's (most bought first), never grouped unasked. */
export const SimilarItems = Type.Array(Type.String());
