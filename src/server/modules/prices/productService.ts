import type { Db } from '../../db';
import { writeAsUser } from '../../db/accountGate';
import { badRequest, notFound } from '../../errors';
import { PRODUCT_MAX_NAMES } from '../../../shared/constants/prices';
import type { ProductNames } from '../../../shared/prices';
import { groupInto, isOwnName, namesWithWords, productOf, productsOf, ungroup, type Product } from './productRepository';
import { abbreviationPattern, looksLikeSameProduct, significantWords } from './productWords';

/**
 * Canonical names (issue 52): the person groups their item names into products, and price memory
 * (service.ts) reads a product's names as one. A product never points at another (no chains): a
 * name's product is always the one whose own name it points at.
 */

/** Names looked at for 'Maybe the same product', and products proposed. */
const SIMILAR_CANDIDATES = 200;
const SIMILAR_LISTED = 5;
/** At most this many of an item's words are looked for in the person's names. */
const SIMILAR_WORDS = 8;

const namesOf = (product: Product): ProductNames => ({ product: product.names[0].name, names: product.names.map((n) => n.name) });

export class ProductService {
  constructor(private db: Db) {}

  /**
   * The item and every name of its product join the product of `sameAs` (or make one with it,
   * under its name). Both must be the person's names; a product stays within PRODUCT_MAX_NAMES.
   */
  async sameProduct(userId: string, item: string, sameAs: string): Promise<ProductNames> {
    const [from, to] = [item.trim(), sameAs.trim()];
    // Alone: two groupings of the same person at once could each point a product at the other.
    return writeAsUser(
      this.db,
      userId,
      async (trx) => {
        for (const name of [from, to]) if (!(await isOwnName(trx, userId, name))) throw notFound(`You have no item named '${name}'. Nothing was changed.`);
        const products = [...(await productsOf(trx, userId, [from, to])).values()];
        if (products.length === 1) throw badRequest(`'${from}' cannot be the same product as itself: choose another of your names.`);
        const [moving, joined] = products;
        if (moving.key === joined.key) return namesOf(joined);
        const names = [...joined.names, ...moving.names];
        if (names.length > PRODUCT_MAX_NAMES) {
          throw badRequest(`A product holds at most ${PRODUCT_MAX_NAMES} names, and these two have ${names.length} together. Nothing was changed.`);
        }
        await groupInto(trx, userId, joined.key, names);
        return namesOf(await productOf(trx, userId, joined.key));
      },
      'alone',
    );
  }

  /**
   * Takes the item out of its product. When it was the product's own name, the most bought of
   * the others names the product now; a product left with one name is none.
   */
  async notSameProduct(userId: string, item: string): Promise<void> {
    const name = item.trim();
    await writeAsUser(
      this.db,
      userId,
      async (trx) => {
        const product = await productOf(trx, userId, name);
        if (!product.grouped) throw notFound(`'${name}' is not grouped with another of your names. Nothing was changed.`);
        const rest = product.names.filter((n) => n.key !== product.asked);
        if (rest.length === 1) return ungroup(trx, userId, [rest[0].key, product.asked]);
        const [own] = product.asked === product.key ? [...rest].sort((a, b) => b.purchases - a.purchases || a.name.localeCompare(b.name)) : rest;
        // The rest point at their own name before the item's row goes (rows point at a row of the product).
        await groupInto(trx, userId, own.key, [own, ...rest.filter((n) => n !== own)]);
        await ungroup(trx, userId, [product.asked]);
      },
      'alone',
    );
  }

  /**
   * The person's products whose names look like the item's (productWords.ts), those sharing
   * more of its words first, then the most bought, not the item's own: one bounded read of the
   * names holding its words.
   */
  async similar(userId: string, item: string): Promise<string[]> {
    const product = await productOf(this.db, userId, item.trim());
    const words = significantWords(product.names[0].name).slice(0, SIMILAR_WORDS);
    const sought = words.map((word) => ({ word, pattern: abbreviationPattern(word) }));
    const candidates = (await namesWithWords(this.db, userId, sought, SIMILAR_CANDIDATES)).filter((key) => looksLikeSameProduct(words, significantWords(key)));
    const listed = new Map<string, string>();
    for (const candidate of (await productsOf(this.db, userId, candidates)).values()) {
      if (candidate.key !== product.key && !listed.has(candidate.key)) listed.set(candidate.key, candidate.names[0].name);
    }
    return [...listed.values()].slice(0, SIMILAR_LISTED);
  }
}
