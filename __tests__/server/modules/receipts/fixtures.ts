import type { TestApp, TestUser } from '../../helpers';
import { todayIn, addDays } from '../../../../src/server/modules/analytics/periods';

/** The smallest byte strings each image sniffer accepts, as data URLs. */
export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png-body')]);
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg-body')]);
export const WEBP_BYTES = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 body')]);
export const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

export const todayUtc = () => todayIn('UTC');
export const daysAgo = (n: number) => addDays(todayUtc(), -n);

export interface ManualReceipt {
  store: string;
  date: string;
  amount: number;
  category?: string;
  description?: string;
  paymentMethod?: string;
  tax?: number | null;
  items?: Array<{ name: string; price: number; quantity?: number }>;
  imageData?: string | null;
}

/** Saves a receipt through the API and answers it; fails the test unless it is created. */
export async function addReceipt(t: TestApp, user: TestUser, receipt: Partial<ManualReceipt> = {}) {
  const payload = { store: 'Corner Shop', date: todayUtc(), amount: 10, ...receipt };
  const res = await t.request(user, { method: 'POST', url: '/receipts', payload });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; categoryId: string; imageUrl: string | null; category: string };
}

export async function categoryId(t: TestApp, user: TestUser, name: string): Promise<string> {
  const res = await t.request(user, { method: 'GET', url: '/categories' });
  const found = (res.json() as Array<{ _id: string; name: string }>).find((c) => c.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found._id;
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
