import type { Draft } from '../../../../src/shared/drafts';
import { nextDraftId, scanOfDraft } from '../../../../src/client/features/scan/draftScan';

const draft = (id: string, status: Draft['status'], fields: Partial<Draft> = {}): Draft => ({
  _id: id,
  status,
  error: null,
  image_url: `http://api/blobs/receipts/u/${id}.jpg`,
  created_at: '2026-11-25T10:00:00.000Z',
  processed_data: null,
  confidence: null,
  raw_text: null,
  scan_ref: null,
  suggested_category_id: null,
  currency: null,
  date_order: null,
  suggested_date_order: null,
  store_remembered: false,
  duplicate_of: null,
  ...fields,
});

describe('nextDraftId', () => {
  const list = [draft('a', 'ready'), draft('b', 'scanning'), draft('c', 'failed'), draft('d', 'ready')];

  it('moves to the next draft that can be dealt with, past those still being read', () => {
    expect(nextDraftId(list, 'a')).toBe('c');
    expect(nextDraftId(list, 'c')).toBe('d');
  });

  it('wraps around to the first one left, and ends with one being read when only those are left', () => {
    expect(nextDraftId(list, 'd')).toBe('a');
    expect(nextDraftId([draft('x', 'ready'), draft('y', 'queued')], 'x')).toBe('y');
    expect(nextDraftId([draft('x', 'ready')], 'x')).toBeNull();
  });
});

describe('scanOfDraft', () => {
  it('is null until the draft is read, then the scan answer the review form reads', () => {
    expect(scanOfDraft(draft('a', 'scanning'))).toBeNull();
    const processed = { store_name: 'Shop', date: '2026-11-01', total_amount: 4.5, items: [], tax: null };
    const confidence = { store_name: 0.9, date: 0.9, total_amount: 0.5 };
    const scan = scanOfDraft(draft('a', 'ready', { processed_data: processed, confidence, raw_text: 'SHOP', scan_ref: 'ref', date_order: 'DMY' }));
    expect(scan).toMatchObject({ processed_data: processed, confidence, raw_text: 'SHOP', scan_ref: 'ref', date_order: 'DMY', store_remembered: false });
    expect(scan).not.toHaveProperty('reasons');
  });

  it('carries why each field was read and the reading’s id, which its save sends back', () => {
    const processed = { store_name: 'Shop', date: '2026-11-01', total_amount: 4.5, items: [], tax: null };
    const reasons = { date: { code: 'date_label' as const, printed: '11/01/2026' } };
    const fields = { processed_data: processed, confidence: { store_name: 1, date: 1, total_amount: 1 }, reasons, read_id: 'r-1' };
    expect(scanOfDraft(draft('a', 'ready', fields))).toMatchObject({ reasons, read_id: 'r-1' });
  });
});
