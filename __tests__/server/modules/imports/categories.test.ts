import { categoryPicker } from '../../../../src/server/modules/imports/categories';

const other = { id: 'c-other', name: 'Other' };
const defaults = ['Food', 'Transportation', 'Clothing', 'Entertainment', 'Utilities'].map((name) => ({ id: `c-${name.toLowerCase()}`, name }));

describe("a bank's category as one of the person's", () => {
  const pick = categoryPicker([...defaults, { id: 'c-pets', name: 'Pets' }, other], other);

  it('is the category of the same name, case and spacing aside', () => {
    expect(pick('food')).toBe(defaults[0]);
    expect(pick('  UTILITIES ')).toBe(defaults[4]);
    expect(pick('Pets')).toMatchObject({ id: 'c-pets' });
  });

  it('is the default a usual synonym names, also as the last part of a bank category path', () => {
    expect(pick('Groceries').name).toBe('Food');
    expect(pick('Food & Drink').name).toBe('Food');
    expect(pick('Merchandise & Supplies-Groceries').name).toBe('Food');
    expect(pick('Transportation-Taxis & Coach').name).toBe('Transportation');
    expect(pick('Bills & Utilities').name).toBe('Utilities');
    expect(pick('Gas').name).toBe('Transportation');
  });

  it('is Other for anything else, or for no category', () => {
    expect(pick('Shopping')).toBe(other);
    expect(pick('')).toBe(other);
    expect(pick(undefined)).toBe(other);
  });

  it("prefers the person's own category of that name to a synonym, and needs the synonym's category to exist", () => {
    const own = categoryPicker([{ id: 'c-groceries', name: 'Groceries' }, ...defaults, other], other);
    expect(own('GROCERIES').id).toBe('c-groceries');
    const noFood = categoryPicker([other], other);
    expect(noFood('Groceries')).toBe(other);
  });
});
