import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Draft } from '../../../../src/shared/drafts';
import type { DateOrder } from '../../../../src/shared/settings';
import { DraftReview } from '../../../../src/client/features/scan/DraftReview';
import { toScanPayload, type ScanFormValues } from '../../../../src/client/features/scan/scanForm';
import { makeStore } from '../../../../src/client/app/store';
import { householdQueries } from '../../../../src/client/entities/households/householdQueries';
import { household, ME, member, summary } from '../households/builders';
import { ALREADY_SAVED, BANK_ROW_MATCH, FILL_BANK_ROW, SAVE_ANYWAY, SAVE_AS_NEW } from '../../../../src/client/entities/receipts/SameReceiptNotice';
import { renderScreen, useClosedApiPort } from '../../ui/renderScreen';
import { readyDraft } from '../../ui/builders';
import { UNSURE_MARK } from '../../../../src/client/features/scan/ScanReviewForm';

// The API is a closed port: the lookup cannot be asked again, so what the drafts list said stands.
beforeAll(useClosedApiPort);

const categories = [{ _id: 'c-other', name: 'Other' }];
const draft = (duplicate: Draft['duplicate_of'], more: Partial<Draft> = {}): Draft =>
  readyDraft({ store: 'Amazon', date: '2026-03-12', total: 23.99 }, { raw_text: 'AMAZON', duplicate_of: duplicate, ...more });
const bankRow = { _id: 'r-bank', store_name: 'AMAZON MKTPLACE', date: '2026-03-14', total_amount: 23.99, currency: 'USD', imported: true };

function renderReview(d: Draft, onRereadDate = jest.fn<Promise<string | null>, [DateOrder]>(() => Promise.resolve(null))) {
  const onSave = jest.fn<Promise<void>, [ScanFormValues, string | undefined]>(() => Promise.resolve());
  const actions = { save: onSave, rereadDate: onRereadDate, cancel: jest.fn(), retry: jest.fn(), saving: false, saveError: null, retrying: false };
  renderScreen(<DraftReview draft={d} categories={categories} focusKey={0} actions={actions} />, { route: '/review' });
  return { onSave, onRereadDate, user: userEvent.setup() };
}

describe('a draft that may be the receipt of an imported bank row', () => {
  it('saves nothing on Save until the person chooses, then fills that row in or, if asked, saves a new receipt', async () => {
    const { onSave, user } = renderReview(draft(bankRow));
    expect(screen.getByText(new RegExp(BANK_ROW_MATCH)).closest('[role=status]')).toHaveTextContent(`${BANK_ROW_MATCH}: AMAZON MKTPLACE, Mar 14, 2026, $23.99`);
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    await waitFor(() => expect(screen.getByRole('button', { name: FILL_BANK_ROW })).toHaveFocus());
    expect(onSave).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: FILL_BANK_ROW }));
    await waitFor(() => expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ store: 'Amazon' }), 'r-bank'));
    await user.click(screen.getByRole('button', { name: SAVE_AS_NEW }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ store: 'Amazon' }), undefined);
  });
});

describe('a draft that looks like a receipt already saved', () => {
  it('is not saved by Enter: the focus moves to Save anyway, which saves it only when pressed', async () => {
    const { onSave, user } = renderReview(draft({ ...bankRow, imported: false }));
    expect(screen.queryByText(new RegExp(BANK_ROW_MATCH))).toBeNull();
    expect(screen.getByText(new RegExp(ALREADY_SAVED))).toBeInTheDocument();

    await user.click(screen.getByLabelText(/^Store/));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: SAVE_ANYWAY })).toHaveFocus());
    expect(onSave).not.toHaveBeenCalled();
    // Enter once more in a field still does not save it.
    await user.click(screen.getByLabelText(/^Total/));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: SAVE_ANYWAY })).toHaveFocus());
    expect(onSave).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ store: 'Amazon', amount: '23.99' }), undefined);
  });

  it('saves at once a draft like no receipt', async () => {
    const { onSave, user } = renderReview(draft(null));
    expect(screen.queryByRole('group', { name: 'How to save this receipt' })).toBeNull();
    await user.click(screen.getByLabelText(/^Store/));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
  });
});

describe('a draft whose receipt writes the day first', () => {
  it('says so beside the date order, as the single scan does, and reads the date again in the order chosen', async () => {
    const malaysian = draft(null, {
      processed_data: { store_name: 'PAGOH CAFE', date: '2018-10-03', total_amount: 10, items: [], tax: null },
      raw_text: 'PAGOH CAFE\n10/03/2018\nTOTAL RM 10.00',
      currency: 'RM',
      suggested_date_order: 'DMY',
    });
    const onRereadDate = jest.fn<Promise<string | null>, [DateOrder]>(() => Promise.resolve('2018-03-10'));
    const { user } = renderReview(malaysian, onRereadDate);
    const order = screen.getByRole('combobox', { name: 'Date order' });
    expect(order).toHaveTextContent('Month first (MM/DD/YYYY)');
    expect(order).toHaveAccessibleDescription('This receipt looks day first: choose Day first to read the date again.');
    expect(screen.getByLabelText(/^Date \*/)).toHaveValue('2018-10-03');

    await user.click(order);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Day first (DD/MM/YYYY)' }));
    expect(onRereadDate).toHaveBeenCalledWith('DMY');
    await waitFor(() => expect(screen.getByLabelText(/^Date \*/)).toHaveValue('2018-03-10'));
    expect(screen.getByRole('combobox', { name: 'Date order' })).toHaveAccessibleDescription('Date read again day first.');
  });
});

describe('a draft shared with a household', () => {
  it('has the sharing section, and its save body says who pays what', async () => {
    const store = makeStore();
    await store.dispatch(householdQueries.util.upsertQueryData('getHouseholds', undefined, [summary({ member_count: 2 })]));
    await store.dispatch(
      householdQueries.util.upsertQueryData('getHousehold', 'h1', household({ members: [ME, member({ _id: 'm-ben', display_name: 'Ben' })] })),
    );
    const onSave = jest.fn<Promise<void>, [ScanFormValues, string | undefined]>(() => Promise.resolve());
    const actions = { save: onSave, rereadDate: jest.fn(), cancel: jest.fn(), retry: jest.fn(), saving: false, saveError: null, retrying: false };
    renderScreen(<DraftReview draft={draft(null)} categories={categories} focusKey={0} actions={actions} />, { route: '/review', store });
    const user = userEvent.setup();

    await user.click(screen.getByRole('combobox', { name: /^Shared with/ }));
    await user.click(await screen.findByRole('option', { name: 'Flat 4B' }));
    await user.click(screen.getByRole('radio', { name: 'By portions' }));
    await user.clear(within(screen.getByRole('group', { name: 'Portions of the amount' })).getByLabelText('Ben'));
    await user.type(within(screen.getByRole('group', { name: 'Portions of the amount' })).getByLabelText('Ben'), '2');
    expect(
      within(screen.getByRole('list', { name: "Each person's share" }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Robin (me)$8.00', 'Ben$15.99']);
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(toScanPayload(onSave.mock.calls[0][0], null)).toMatchObject({
      is_shared: true,
      household_id: 'h1',
      shared_expenses: [
        { member_id: ME._id, portions: 1 },
        { member_id: 'm-ben', portions: 2 },
      ],
    });
  });
});

describe('a draft that explains itself', () => {
  it('says under each field why it was read so, as the field’s description; an unsure one says please check; a changed one says nothing', async () => {
    const { user } = renderReview(
      draft(null, {
        confidence: { store_name: 0.4, date: 0.9, total_amount: 0.95 },
        reasons: {
          store_name: { code: 'first_line', printed: 'AMAZON' },
          date: { code: 'date_label', printed: '03/12/2026' },
          total_amount: { code: 'label_and_sum', printed: 'ORDER TOTAL', sums: ['items_tax'] },
        },
      }),
    );
    expect(screen.getByLabelText(/^Total/)).toHaveAccessibleDescription('Total: labelled ORDER TOTAL, and items + tax add up to it');
    expect(screen.getByLabelText(/^Date \*/)).toHaveAccessibleDescription('Date: printed as 03/12/2026 on the date line');
    // Unsure: the reason is the field's mark, in place of the general one.
    expect(screen.getByLabelText(/^Store/)).toHaveAccessibleDescription('Store: first line of the header — please check');
    expect(screen.getByText(/^Please check the store name/)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Total/), '0');
    expect(screen.getByLabelText(/^Total/)).not.toHaveAccessibleDescription(/labelled/);
  });

  it('keeps the general marks for a draft read before reasons were sent', () => {
    renderReview(draft(null, { confidence: { store_name: 0.4, date: 0.9, total_amount: 0.9 } }));
    expect(screen.getByLabelText(/^Store/)).toHaveAccessibleDescription(UNSURE_MARK);
    expect(screen.getByLabelText(/^Total/)).not.toHaveAccessibleDescription(/.+/);
  });
});
