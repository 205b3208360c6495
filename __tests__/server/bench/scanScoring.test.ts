import { itemPrices, matchItems } from '../../../bench/support/scanScoring';

/** The scan bench's item scores: what bench/RESULTS.md reports as items F1 and item prices to the cent. */
const label = [
  { name: 'MILK 2% GAL', price: '3.99' },
  { name: 'BREAD WHITE', price: '2.50' },
  { name: 'EGGS LARGE 12', price: 4.2 },
];

it('counts an item found only with its name and its price to the cent', () => {
  const read = [
    { name: 'MILK 2% GAL', price: 3.99 },
    { name: 'BREAD WHITE', price: 2.05 },
    { name: 'EGG5 LARGE 12', price: 4.2 },
  ];
  expect(matchItems(read, label)).toBe(2);
});

it('tells prices read wrong apart from names read wrong', () => {
  const read = [
    { name: 'milk 2% gal', price: 3.99 },
    // The name found, the price wrong.
    { name: 'BREAD WHITE', price: 2.05 },
    // Two of the three words: found by name too, with a wrong price.
    { name: 'LARGE EGGS', price: 1 },
    { name: 'EGGS LARGE', price: 4.2 },
    // Not on the label at all.
    { name: 'BAG', price: 0.1 },
  ];
  // The eggs' read with the right price is taken before the other one found by name.
  expect(itemPrices(read, label)).toEqual({ named: 3, priced: 2 });
});

it('pairs each read item with one label item at most', () => {
  const twice = [
    { name: 'BREAD WHITE', price: '2.50' },
    { name: 'BREAD WHITE', price: '2.50' },
  ];
  expect(itemPrices([{ name: 'BREAD WHITE', price: 2.5 }], twice)).toEqual({ named: 1, priced: 1 });
  expect(matchItems([{ name: 'BREAD WHITE', price: 2.5 }], twice)).toBe(1);
  expect(itemPrices([], label)).toEqual({ named: 0, priced: 0 });
});
