import { testNow, type TestApp, type TestUser } from '../../helpers';
import { todayIn, addDays } from '../../../../src/shared/calendar';

/** Tiny real pictures (2×2) of each accepted type: uploads are decoded and encoded again. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWPgqjjBVXGCAUIBACEuBSmZwwQyAAAAAElFTkSuQmCC',
  'base64',
);
export const JPEG_BYTES = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAB//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJQAhjh//9k=',
  'base64',
);
export const WEBP_BYTES = Buffer.from('UklGRjwAAABXRUJQVlA4IDAAAAAQAgCdASoCAAIAAUAmJaACdLoB+AH4AAPIAP7u/5/+oLfJnnz2//r0QeIN+dkAAAA=', 'base64');
export const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

/** Today (UTC) by the tests' clock, which the test apps share. */
export const todayUtc = () => todayIn('UTC', testNow());
export const daysAgo = (n: number) => addDays(todayUtc(), -n);

export interface ManualReceipt {
  store: string;
  date: string;
  amount: number;
  category?: string;
  description?: string;
  paymentMethod?: string;
  tax?: number | null;
  /** The printed currency and its rate to the home one (left out: the home currency). */
  currency?: string;
  rate?: number | null;
  /** An item's category (a name or an id) counts it there; left out: the receipt's. */
  items?: Array<{ name: string; price: number; quantity?: number; category?: string; return_by?: string | null; warranty_until?: string | null }>;
  imageData?: string | null;
  /** Shared with this household (the sharing fields of the save payload). */
  household_id?: string | null;
  paid_by?: string;
  /** The return window's and the warranty's last days. */
  return_by?: string | null;
  warranty_until?: string | null;
}

/** Saves a receipt through the API and answers it; fails the test unless it is created. */
export async function addReceipt(t: TestApp, user: TestUser, receipt: Partial<ManualReceipt> = {}) {
  const payload = { store: 'Corner Shop', date: todayUtc(), amount: 10, ...receipt };
  const res = await t.request(user, { method: 'POST', url: '/receipts', payload });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; categoryId: string; imageUrl: string | null; category: string };
}

/** Categories of the Big Store's light bulbs and board game (left out: the receipt's, Food). */
export interface ItemCategories {
  utilities?: string;
  fun?: string;
}

/** Lines 20.00 (Food), 10.00 (Utilities) and 24.00 (Entertainment), 6.00 of tax: 60.00. */
export const bigStoreGroceries = (date: string, categories: ItemCategories = { utilities: 'Utilities', fun: 'entertainment' }) => ({
  store: 'Big Store',
  date,
  amount: 60,
  tax: 6,
  category: 'Food',
  items: [
    { name: 'Bread', price: 10, quantity: 2 },
    { name: 'Light bulbs', price: 10, ...(categories.utilities ? { category: categories.utilities } : {}) },
    { name: 'Board game', price: 8, quantity: 3, ...(categories.fun ? { category: categories.fun } : {}) },
  ],
});

export async function categoryId(t: TestApp, user: TestUser, name: string): Promise<string> {
  const res = await t.request(user, { method: 'GET', url: '/categories' });
  const found = (res.json() as Array<{ _id: string; name: string }>).find((c) => c.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found._id;
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
