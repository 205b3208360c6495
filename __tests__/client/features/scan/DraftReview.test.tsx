import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Draft } from '../../../../src/shared/drafts';
import { BANK_ROW_MATCH, DraftReview } from '../../../../src/client/features/scan/DraftReview';
import type { ScanFormValues } from '../../../../src/client/features/scan/scanForm';
import { renderScreen } from '../../ui/renderScreen';

const categories = [{ _id: 'c-other', name: 'Other' }];
const draft = (duplicate: Draft['duplicate_of']): Draft => ({
  _id: 'd1',
  status: 'ready',
  error: null,
  image_url: 'data:image/png;base64,',
  created_at: '2026-03-12T10:00:00Z',
  processed_data: { store_name: 'Amazon', date: '2026-03-12', total_amount: 23.99, items: [], tax: null },
  confidence: { store_name: 1, date: 1, total_amount: 1 },
  raw_text: 'AMAZON',
  scan_ref: null,
  suggested_category_id: null,
  currency: null,
  date_order: 'MDY',
  suggested_date_order: null,
  store_remembered: false,
  duplicate_of: duplicate,
});
const bankRow = { _id: 'r-bank', store_name: 'AMAZON MKTPLACE', date: '2026-03-14', total_amount: 23.99, imported: true };

function renderReview(d: Draft) {
  const onSave = jest.fn<Promise<void>, [ScanFormValues, string | undefined]>(() => Promise.resolve());
  const props = { categories, focusKey: 0, saving: false, retrying: false, serverError: null, onDiscard: jest.fn(), onRetry: jest.fn() };
  renderScreen(<DraftReview draft={d} {...props} onSave={onSave} />, { route: '/review' });
  return onSave;
}

describe('a draft that may be the receipt of an imported bank row', () => {
  it('offers to fill that row in, and saves into it unless the person says no', async () => {
    const onSave = renderReview(draft(bankRow));
    expect(screen.getByText(new RegExp(BANK_ROW_MATCH)).closest('[role=status]')).toHaveTextContent(`${BANK_ROW_MATCH}: AMAZON MKTPLACE`);
    await userEvent.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ store: 'Amazon' }), 'r-bank');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Save this scan into that row (no second receipt)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ store: 'Amazon' }), undefined);
  });

  it('warns of a receipt saved before, and saves a new one', async () => {
    const onSave = renderReview(draft({ ...bankRow, imported: false }));
    expect(screen.queryByText(new RegExp(BANK_ROW_MATCH))).toBeNull();
    expect(screen.getByText(/This looks like a receipt you already saved/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ store: 'Amazon' }), undefined);
  });
});
