import type { ManualReceiptBody } from '../../src/shared/receipts';

/**
 * A receipt with every field of the form filled in, items too, but its date: the accessibility
 * walk adds it through the API, the receipts test types it into Add Transaction and expects this back.
 */
export const BAKERY_RECEIPT = {
  store: 'Corner Bakery',
  amount: 12.5,
  category: 'Food',
  paymentMethod: 'Credit Card',
  tax: 0.8,
  description: 'Birthday cake',
  items: [
    { name: 'Cake', price: 9.5, quantity: 1 },
    { name: 'Candles', price: 1.5, quantity: 2 },
  ],
} satisfies Partial<ManualReceiptBody>;
