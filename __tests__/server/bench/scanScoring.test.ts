import { itemPrices, labelAddsUp, matchItems } from '../../../bench/support/scanScoring';

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

it('tells a label whose items add up to an amount printed on the receipt from one that does not', () => {
  const lines = [{ text: 'MILK 2% GAL    3.99' }, { text: 'EGGS    4.20' }, { text: 'Subtotal    8.19' }];
  expect(labelAddsUp([{ price: '3.99' }, { price: 4.2 }], lines)).toBe(true);
  // A count's line total given as the count times a price the receipt already multiplied.
  expect(labelAddsUp([{ price: '3.99' }, { price: 8.4 }], lines)).toBe(false);
});
