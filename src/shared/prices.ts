import { Type, type Static } from 'typebox';
import { MAX_ITEM_NAME } from './constants/receipts';

/** What a person paid for an item over time (issue 52's price memory), in the receipts' own currencies, never converted. */

export const PriceQuery = Type.Object({
  item: Type.String({ minLength: 1, maxLength: MAX_ITEM_NAME, pattern: '\\S', description: "An item's name (any case), as saved on receipts" }),
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
  item: Type.String(),
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
