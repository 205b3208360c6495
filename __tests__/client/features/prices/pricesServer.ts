import type { BoughtItem, PriceHistory, ProductNames, SameProductBody } from '../../../../src/shared/prices';
import { startStandInServer } from '../../ui/standInServer';

/** The person's names and how often each was bought. */
const BOUGHT: Record<string, number> = { 'MILK 2% 1GAL': 3, 'Milk 2%': 2, 'GV 2% MLK GAL': 1, Tea: 1 };
/** What looks like the same product as what ('Maybe the same product'). */
const LOOKS_ALIKE: Record<string, string[]> = { 'Milk 2%': ['MILK 2% 1GAL'] };

/**
 * A stand-in for the prices API on a local port, keeping products as the contract says: PUT
 * /api/prices/products moves the item's product into the other name's, DELETE takes one name out
 * (a product of one is none), and every read answers by product. `refuse` makes the next grouping
 * a 404 with that message.
 */
export async function startPricesServer() {
  /** Each grouped name's product (its own name's), by name. */
  const productOf = new Map<string, string>();
  let refusal: string | null = null;
  const product = (name: string) => productOf.get(name) ?? name;
  const namesOf = (name: string) => {
    const own = product(name);
    const grouped = [...productOf].filter(([, p]) => p === own).map(([n]) => n);
    return grouped.length ? [own, ...grouped.filter((n) => n !== own).sort()] : [name];
  };
  const history = (item: string): PriceHistory => ({
    item: product(item),
    names: namesOf(item),
    points: namesOf(item).map((name, i) => ({ date: `2026-03-0${i + 1}`, store: `Store of ${name}`, unit_price: 3 + i, currency: 'USD', receipt_id: `r${i}` })),
    stores: [],
    cheapest_recent: null,
  });
  const items = (search: string): BoughtItem[] => {
    const products = new Set(Object.keys(BOUGHT).map(product));
    return [...products]
      .filter((p) => namesOf(p).some((n) => n.toLowerCase().includes(search.toLowerCase())))
      .map((p) => ({ name: p, purchases: namesOf(p).reduce((s, n) => s + BOUGHT[n], 0), category_id: null }))
      .sort((a, b) => b.purchases - a.purchases || a.name.localeCompare(b.name));
  };

  const server = await startStandInServer(({ method, path, query, body }) => {
    const params = new URLSearchParams(query);
    if (method === 'GET' && path === '/api/prices/items') return { status: 200, body: items(params.get('search') ?? '') };
    if (method === 'GET' && path === '/api/prices') return { status: 200, body: history(params.get('item')!) };
    if (method === 'GET' && path === '/api/prices/similar') {
      const item = params.get('item')!;
      return { status: 200, body: (LOOKS_ALIKE[item] ?? []).filter((n) => product(n) !== product(item)) };
    }
    if (method === 'PUT' && path === '/api/prices/products') {
      if (refusal) return { status: 404, body: { statusCode: 404, error: 'Not Found', message: refusal } };
      const { item, same_as } = body as SameProductBody;
      const [moving, into] = [namesOf(item), product(same_as)];
      for (const name of [...namesOf(same_as), ...moving]) productOf.set(name, into);
      const answer: ProductNames = { product: into, names: namesOf(into) };
      return { status: 200, body: answer };
    }
    if (method === 'DELETE' && path === '/api/prices/products') {
      const item = params.get('item')!;
      const own = product(item);
      productOf.delete(item);
      const rest = [...productOf].filter(([, p]) => p === own);
      if (rest.length === 1) productOf.delete(rest[0][0]);
      return { status: 204 };
    }
    return { status: 404, body: { statusCode: 404, error: 'Not Found', message: `No route for ${method} ${path}` } };
  });
  return {
    ...server,
    refuse: (message: string) => {
      refusal = message;
    },
  };
}
