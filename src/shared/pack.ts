import { Type, type Static } from 'typebox';
import { PACK_SEARCH_MAX } from './constants/pack';

export * from './constants/pack';

const Day = (what: string) => Type.String({ maxLength: 10, description: `${what} ('YYYY-MM-DD', inclusive)` });

/** GET /api/export/pack: the receipts of a date range, optionally of one category or matching a search. */
export const PackQuery = Type.Object({
  from: Day('The first day'),
  to: Day('The last day'),
  category_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only receipts of this category (its id or name)' })),
  q: Type.Optional(
    Type.String({
      maxLength: PACK_SEARCH_MAX,
      description: 'Only receipts whose store, an item, the description or the text read off them contains this (as the receipts list searches)',
    }),
  ),
});
export type PackQuery = Static<typeof PackQuery>;
