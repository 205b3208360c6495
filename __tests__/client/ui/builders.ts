import type { CategoryWithSpending } from '../../../src/shared/categories';
import type { Draft } from '../../../src/shared/drafts';
import type { Receipt } from '../../../src/shared/receipts';

/**
 * Test data as the API answers it, built from only the fields a test cares about; the rest are
 * a plain category or receipt with nothing special about it.
 */

/** A category as GET /categories answers it: no budget, nothing spent, no carry-over unless given. */
export function category(fields: Partial<CategoryWithSpending> & Pick<CategoryWithSpending, '_id' | 'name'>): CategoryWithSpending {
  return {
    color: '#64748B',
    icon: 'tag',
    budget: null,
    spent: 0,
    is_fallback: false,
    rollover: false,
    carry_over: null,
    available: fields.budget ?? null,
    ...fields,
  };
}

/** The category scanned receipts start in (its name is the scan's default item category). */
export const FOOD_CATEGORY = category({ _id: 'c-food', name: 'Food', color: '#22C55E', icon: 'utensils' });

/** A new account's fallback category: the one the forms file receipts under. */
export const OTHER_CATEGORY = category({ _id: 'c-other', name: 'Other', is_fallback: true });

/** A receipt as GET /receipts answers it: in the home currency (home_amount is the amount), filed under Other. */
export function receipt(fields: Partial<Receipt> = {}): Receipt {
  const amount = fields.amount ?? 10;
  return {
    id: 'r1',
    store: 'Corner Shop',
    date: '2026-11-20',
    amount,
    currency: 'USD',
    rate: null,
    home_amount: amount,
    imported: false,
    category: OTHER_CATEGORY.name,
    categoryId: OTHER_CATEGORY._id,
    description: '',
    paymentMethod: '',
    tax: null,
    items: [],
    imageUrl: null,
    ...fields,
  };
}

/** A draft of the review queue, read and ready: the scanner is sure of the store, date and total it found. */
export function readyDraft(read: { store: string; date: string; total: number }, fields: Partial<Draft> = {}): Draft {
  return {
    _id: 'd1',
    status: 'ready',
    error: null,
    image_url: 'data:image/png;base64,',
    created_at: `${read.date}T10:00:00Z`,
    processed_data: { store_name: read.store, date: read.date, total_amount: read.total, items: [], tax: null },
    confidence: { store_name: 1, date: 1, total_amount: 1 },
    raw_text: read.store,
    scan_ref: null,
    suggested_category_id: null,
    currency: null,
    date_order: 'MDY',
    suggested_date_order: null,
    store_remembered: false,
    duplicate_of: null,
    ...fields,
  };
}
