import type { Debt } from '../../../../src/shared/households';
import { validateSettlement } from '../../../../src/client/features/households/householdForm';
import { debtLine, historyLine, myDebtsFirst, sharedReceiptLine } from '../../../../src/client/features/households/householdText';
import { household, ME, member } from './builders';

const BEN = member({ _id: 'm-ben', display_name: 'Ben' });
const MIA = member({ _id: 'm-mia', display_name: 'Mia', status: 'placeholder' });
const FLAT = household({ members: [ME, BEN, MIA] });

const debt = (from: string, to: string, amount: number, currency = 'USD'): Debt => {
  const name = (id: string) => FLAT.members.find((m) => m._id === id)!.display_name;
  return { from_member_id: from, from_name: name(from), to_member_id: to, to_name: name(to), amount, currency };
};

describe('debtLine', () => {
  it('words a balance as the person asking reads it, in its own currency', () => {
    expect(debtLine(debt('m-me', 'm-ben', 23.4), 'm-me')).toBe('You owe Ben $23.40');
    expect(debtLine(debt('m-ben', 'm-me', 8.1), 'm-me')).toBe('Ben owes you $8.10');
    expect(debtLine(debt('m-ben', 'm-mia', 4.5, 'EUR'), 'm-me')).toBe('Ben owes Mia €4.50');
    expect(debtLine(debt('m-ben', 'm-mia', 1500, 'JPY'), 'm-me')).toBe('Ben owes Mia ¥1,500');
    // Ben reads the same balance his way.
    expect(debtLine(debt('m-me', 'm-ben', 23.4), 'm-ben')).toBe('Robin owes you $23.40');
  });

  it('puts the balances I am part of first', () => {
    const others = debt('m-ben', 'm-mia', 2);
    const mine = debt('m-ben', 'm-me', 3);
    expect(myDebtsFirst([others, mine], 'm-me')).toEqual([mine, others]);
  });
});

describe('shared receipts and history', () => {
  const receipt = {
    _id: 'r1',
    store: 'Costco',
    date: '2026-01-05',
    amount: 46.8,
    currency: 'USD',
    paid_by: 'm-ben',
    shared_by: 'm-ben',
    shares: [
      { member_id: 'm-me', display_name: 'Robin', amount: 23.4, currency: 'USD', home_currency: null, home_amount: null },
      { member_id: 'm-ben', display_name: 'Ben', amount: 23.4, currency: 'USD', home_currency: null, home_amount: null },
    ],
    created_at: '2026-01-05T10:00:00.000Z',
  };

  it('says who paid and what my share is', () => {
    expect(sharedReceiptLine(receipt, FLAT)).toBe('Jan 5, 2026 · Paid by Ben · Your share $23.40');
    expect(sharedReceiptLine({ ...receipt, paid_by: 'm-me', shares: receipt.shares.slice(1) }, FLAT)).toBe('Jan 5, 2026 · Paid by you · You have no share');
  });

  it('words shares and payments, naming a member the household no longer lists', () => {
    expect(historyLine({ kind: 'share', receipt }, FLAT)).toBe('Ben paid $46.80 at Costco');
    const settlement = {
      _id: 's1',
      from_member_id: 'm-me',
      to_member_id: 'm-ben',
      recorded_by: 'm-me',
      amount: 8.4,
      currency: 'USD',
      created_at: receipt.created_at,
    };
    expect(historyLine({ kind: 'settlement', settlement }, FLAT)).toBe('You paid Ben $8.40');
    expect(historyLine({ kind: 'settlement', settlement: { ...settlement, from_member_id: 'm-gone', to_member_id: 'm-me' } }, FLAT)).toBe(
      'A former member paid you $8.40',
    );
  });
});

describe('validateSettlement', () => {
  const owed = debt('m-me', 'm-ben', 23.4);
  const check = (amount: string) => validateSettlement({ amount }, owed, 'm-me').amount;

  it('takes the full amount or a part of it, as the server does', () => {
    expect(check('23.40')).toBeUndefined();
    expect(check('$10')).toBeUndefined();
    expect(check('0.01')).toBeUndefined();
  });

  it('refuses nothing, 0, more than is owed, and what is not an amount in the currency', () => {
    expect(check(' ')).toBe('Enter the amount paid.');
    expect(check('0')).toBe('Amount must be more than 0.');
    expect(check('23.41')).toBe('You owe Ben $23.40: record at most that.');
    expect(check('1.234')).toBe('Amount must be a number of 0 or more with at most two decimals');
    expect(check('-5')).toBe('Amount must be a number of 0 or more with at most two decimals');
    expect(validateSettlement({ amount: '1.5' }, debt('m-ben', 'm-me', 1500, 'JPY'), 'm-me').amount).toBe('Amount must be a whole number of 0 or more');
  });
});
