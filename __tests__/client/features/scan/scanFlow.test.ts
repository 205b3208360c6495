import type { ScanReceiptResult } from '../../../../src/shared/scan';
import { imageOf, initialScanFlow, keepsImage, scanFlowReducer, type ScanFlow, type ScanFlowAction } from '../../../../src/client/features/scan/scanFlow';

/** A JPEG by its first bytes, as the server keeps it. */
const image = { id: 1, name: 'r.jpg', dataUrl: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ' };
const result: ScanReceiptResult = {
  processed_data: { store_name: 'S', date: null, total_amount: 1, items: [], tax: null },
  raw_text: 'S\nTOTAL 1.00',
  confidence: { store_name: 1, date: 0, total_amount: 1 },
  date_order: 'MDY',
  suggested_date_order: null,
  currency: null,
  scan_ref: 's',
  suggested_category_id: null,
  store_remembered: false,
};
const run = (...actions: ScanFlowAction[]) => actions.reduce<ScanFlow>(scanFlowReducer, initialScanFlow);

describe('scan flow (spec §4)', () => {
  it('no image → chosen → scanning → results', () => {
    expect(run({ type: 'preparing' })).toEqual({ step: 'preparing' });
    expect(run({ type: 'imageChosen', image })).toEqual({ step: 'chosen', image, error: null });
    expect(run({ type: 'imageChosen', image }, { type: 'scanStarted' })).toEqual({ step: 'scanning', image });
    expect(run({ type: 'imageChosen', image }, { type: 'scanStarted' }, { type: 'scanSucceeded', imageId: 1, result })).toEqual({
      step: 'review',
      image,
      result,
      keepImage: true,
    });
  });

  it('a failed scan keeps the image and its message, and the form can still be filled by hand', () => {
    const failed = run({ type: 'imageChosen', image }, { type: 'scanStarted' }, { type: 'scanFailed', imageId: 1, message: 'Nope' });
    expect(failed).toEqual({ step: 'chosen', image, error: 'Nope', unreadable: false });
    expect(scanFlowReducer(failed, { type: 'manualEntryStarted' })).toEqual({ step: 'review', image, result: null, keepImage: true });
  });

  it('a picture the server cannot read at all is not kept with a receipt typed by hand', () => {
    const failed = run(
      { type: 'imageChosen', image },
      { type: 'scanStarted' },
      { type: 'scanFailed', imageId: 1, message: 'The image could not be decoded', unreadable: true },
    );
    expect(scanFlowReducer(failed, { type: 'manualEntryStarted' })).toEqual({ step: 'review', image, result: null, keepImage: false });
  });

  it('a file that is no picture the server keeps is never offered to be kept, whatever the scan answered', () => {
    const text = { ...image, dataUrl: `data:image/jpeg;base64,${Buffer.from('not a picture').toString('base64')}` };
    const failed = run({ type: 'imageChosen', image: text }, { type: 'scanStarted' }, { type: 'scanFailed', imageId: 1, message: 'Cannot reach the server' });
    expect(failed.step === 'chosen' && keepsImage(failed)).toBe(false);
    expect(scanFlowReducer(failed, { type: 'manualEntryStarted' })).toMatchObject({ step: 'review', keepImage: false });
    expect(keepsImage({ image })).toBe(true);
    expect(keepsImage({ image, unreadable: true })).toBe(false);
  });

  it('Cancel clears the image and the results; a late answer for a cleared image is ignored', () => {
    const scanning = run({ type: 'imageChosen', image }, { type: 'scanStarted' });
    const cleared = scanFlowReducer(scanning, { type: 'cleared' });
    expect(cleared).toEqual(initialScanFlow);
    expect(imageOf(cleared)).toBeNull();
    expect(scanFlowReducer(cleared, { type: 'scanSucceeded', imageId: 1, result })).toBe(cleared);
    // An answer for an older image does not replace the newer one's scan.
    const newer = run({ type: 'imageChosen', image: { ...image, id: 2 } }, { type: 'scanStarted' });
    expect(scanFlowReducer(newer, { type: 'scanFailed', imageId: 1, message: 'old' })).toBe(newer);
  });

  it('a rejected file shows its message with no image', () => {
    expect(run({ type: 'imageChosen', image }, { type: 'imageRejected', message: 'Not an image' })).toEqual({ step: 'empty', error: 'Not an image' });
  });

  it('scanning and manual entry need a chosen image', () => {
    expect(run({ type: 'scanStarted' })).toBe(initialScanFlow);
    expect(run({ type: 'manualEntryStarted' })).toBe(initialScanFlow);
  });
});
