import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../../../src/client/app/store';
import { ratesApi } from '../../../../src/client/entities/currency/ratesApi';
import { householdQueries } from '../../../../src/client/entities/households/householdQueries';
import { emptyReceiptForm, receiptFormValues, type ReceiptFormValues } from '../../../../src/client/features/receipts/receiptFormValues';
import type { HouseholdSummary } from '../../../../src/shared/households';
import { household, ME, member, summary } from '../../features/households/builders';
import { receipt } from '../../ui/builders';
import { renderReceiptForm } from '../../features/receipts/renderReceiptForm';

const BEN = member({ _id: 'm-ben', display_name: 'Ben' });
const MIA = member({ _id: 'm-mia', display_name: 'Mia', status: 'placeholder' });
const FLAT = household({ members: [ME, BEN, MIA] });

/** The form in a store whose rates and households are read already, so nothing is fetched. */
async function renderForm(initial: ReceiptFormValues, { households = [summary({ member_count: 3 })], serverError = null as string | null } = {}) {
  const store = makeStore();
  await store.dispatch(ratesApi.util.upsertQueryData('getCurrencyRates', undefined, []));
  await store.dispatch(householdQueries.util.upsertQueryData('getHouseholds', undefined, households as HouseholdSummary[]));
  await store.dispatch(householdQueries.util.upsertQueryData('getHousehold', FLAT._id, FLAT));
  return renderReceiptForm(store, initial, serverError);
}

const filled = (fields: Partial<ReceiptFormValues> = {}): ReceiptFormValues => ({
  ...emptyReceiptForm('2026-11-20', 'USD'),
  store: 'Deli',
  categoryId: 'c1',
  ...fields,
});
const item = (key: string, name: string, price: string) => ({ key, name, price, quantity: '1' });

type User = ReturnType<typeof userEvent.setup>;
async function pick(user: User, field: string | RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}
const shares = () =>
  within(screen.getByRole('list', { name: "Each person's share" }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

it('is not there for a person in no household, who sends what they always did', async () => {
  const { onSubmit, user } = await renderForm(filled({ amount: '12.00' }), { households: [] });
  expect(screen.queryByRole('combobox', { name: /Shared with/ })).toBeNull();
  expect(screen.queryByRole('group', { name: 'Sharing' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  expect(Object.keys(onSubmit.mock.calls[0][0]).sort()).toEqual([
    'amount',
    'category',
    'currency',
    'date',
    'description',
    'items',
    'paymentMethod',
    'store',
    'tax',
  ]);
});

it('splits by item, shows each share as it changes, and sends who each item is for', async () => {
  const { onSubmit, user } = await renderForm(filled({ amount: '33.00', tax: '3.00', items: [item('a', 'Wine', '21.00'), item('b', 'Bread', '9.00')] }));
  await pick(user, /^Shared with/, 'Flat 4B');
  expect(screen.getByRole('combobox', { name: /^Paid by/ })).toHaveTextContent('Robin (me)');
  // Everything for everyone at first: 7.00 and 3.00 of the items and 1.00 of the tax each.
  expect(shares()).toEqual(['Robin (me)$11.00', 'Ben$11.00', 'Mia$11.00']);

  await pick(user, /^Wine is for/, 'Ben');
  // Ben: the wine and a third of the bread, 24.00 of the 30.00 in items, so 2.40 of the tax.
  expect(shares()).toEqual(['Robin (me)$3.30', 'Ben$26.40', 'Mia$3.30']);

  await pick(user, /^Bread is for/, 'Several people…');
  const portions = screen.getByRole('group', { name: 'Portions of Bread' });
  await user.clear(within(portions).getByLabelText('Mia'));
  await user.type(within(portions).getByLabelText('Mia'), '0');
  await user.clear(within(portions).getByLabelText('Robin (me)'));
  await user.type(within(portions).getByLabelText('Robin (me)'), '3');
  // The bread 3:1, so 6.75 and 2.25; the tax's odd half-cents go to the smaller member id.
  expect(shares()).toEqual(['Robin (me)$7.42', 'Ben$25.58', 'Mia$0.00']);
  await pick(user, /^Paid by/, 'Ben');

  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  const body = onSubmit.mock.calls[0][0];
  expect(body).toMatchObject({ is_shared: true, household_id: 'h1', paid_by: BEN._id });
  expect(body.items).toEqual([
    { name: 'Wine', price: 21, quantity: 1, assigned_to: BEN._id, shared_with: [] },
    { name: 'Bread', price: 9, quantity: 1, assigned_to: null, shared_with: [{ member_id: ME._id, portions: 3 }, BEN._id] },
  ]);
  expect(body).not.toHaveProperty('shared_expenses');
});

it('has quick actions: All mine, then Split evenly', async () => {
  const { onSubmit, user } = await renderForm(filled({ amount: '9.00', items: [item('a', 'Tea', '4.00'), item('b', 'Cake', '5.00')] }));
  await pick(user, /^Shared with/, 'Flat 4B');
  await user.click(screen.getByRole('button', { name: 'All mine' }));
  expect(shares()).toEqual(['Robin (me)$9.00', 'Ben$0.00', 'Mia$0.00']);
  expect(screen.getByRole('combobox', { name: /^Cake is for/ })).toHaveTextContent('Robin (me)');
  await user.click(screen.getByRole('button', { name: 'Split evenly' }));
  // Each item split three ways, its odd cents to the smaller member ids, as the server does.
  expect(shares()).toEqual(['Robin (me)$3.00', 'Ben$3.01', 'Mia$2.99']);
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  expect(onSubmit.mock.calls[0][0].items.map((i: { assigned_to: unknown }) => i.assigned_to)).toEqual([null, null]);
});

it('splits a receipt without items by exact amounts, saying by how much they miss the total', async () => {
  const { onSubmit, user } = await renderForm(filled({ amount: '40.00' }));
  await pick(user, /^Shared with/, 'Flat 4B');
  await user.click(screen.getByRole('radio', { name: 'Exact amounts' }));
  const amounts = screen.getByRole('group', { name: 'Exact amounts' });
  await user.type(within(amounts).getByLabelText('Robin (me)'), '30');
  await user.type(within(amounts).getByLabelText('Ben'), '7.50');
  expect(screen.getByText('The amounts add up to $37.50: $2.50 less than the total of $40.00.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  expect(onSubmit).not.toHaveBeenCalled();

  await user.type(within(amounts).getByLabelText('Mia'), '2.50');
  expect(screen.queryByText(/The amounts add up to/)).toBeNull();
  expect(shares()).toEqual(['Robin (me)$30.00', 'Ben$7.50', 'Mia$2.50']);
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  expect(onSubmit.mock.calls[0][0].shared_expenses).toEqual([
    { member_id: ME._id, amount: 30 },
    { member_id: BEN._id, amount: 7.5 },
    { member_id: MIA._id, amount: 2.5 },
  ]);
});

it('splits a receipt without items by portions or evenly', async () => {
  const { onSubmit, user } = await renderForm(filled({ amount: '10.00' }));
  await pick(user, /^Shared with/, 'Flat 4B');
  expect(shares()).toEqual(['Robin (me)$3.33', 'Ben$3.34', 'Mia$3.33']);
  await user.click(screen.getByRole('radio', { name: 'By portions' }));
  const portions = screen.getByRole('group', { name: 'Portions of the amount' });
  await user.clear(within(portions).getByLabelText('Ben'));
  await user.type(within(portions).getByLabelText('Ben'), '3');
  expect(shares()).toEqual(['Robin (me)$2.00', 'Ben$6.00', 'Mia$2.00']);
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  expect(onSubmit.mock.calls[0][0].shared_expenses).toEqual([
    { member_id: ME._id, portions: 1 },
    { member_id: BEN._id, portions: 3 },
    { member_id: MIA._id, portions: 1 },
  ]);
});

const sharedReceipt = receipt({
  store: 'Deli',
  amount: 30,
  categoryId: 'c1',
  items: [
    { name: 'Wine', price: 20, quantity: 1, assigned_to: BEN._id, shared_with: [] },
    { name: 'Bread', price: 10, quantity: 1, assigned_to: null, shared_with: [] },
  ],
  is_shared: true,
  household_id: 'h1',
  paid_by: BEN._id,
  shared_expenses: [],
});

it('opens an edit on the sharing the receipt has, and stops sharing it after saying what happens to balances', async () => {
  const { onSubmit, user } = await renderForm(receiptFormValues(sharedReceipt));
  expect(await screen.findByRole('combobox', { name: /^Shared with/ })).toHaveTextContent('Flat 4B');
  expect(screen.getByRole('combobox', { name: /^Paid by/ })).toHaveTextContent('Ben');
  expect(screen.getByRole('combobox', { name: /^Wine is for/ })).toHaveTextContent('Ben');
  expect(shares()).toEqual(['Robin (me)$3.33', 'Ben$23.34', 'Mia$3.33']);

  await pick(user, /^Shared with/, 'Not shared');
  const confirm = screen.getByRole('dialog', { name: 'Stop sharing this receipt?' });
  expect(confirm).toHaveTextContent(/it leaves Flat 4B: its shares no longer count in the balances, so nobody owes anyone for it/);
  await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(confirm).not.toBeInTheDocument());
  expect(screen.getByRole('combobox', { name: /^Shared with/ })).toHaveTextContent('Flat 4B');

  await pick(user, /^Shared with/, 'Not shared');
  const stop = screen.getByRole('dialog', { name: 'Stop sharing this receipt?' });
  await user.click(within(stop).getByRole('button', { name: 'Stop sharing' }));
  await waitFor(() => expect(stop).not.toBeInTheDocument());
  expect(screen.queryByRole('combobox', { name: /^Paid by/ })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  const body = onSubmit.mock.calls[0][0];
  expect(body).toMatchObject({ is_shared: false, household_id: null });
  expect(body.items).toEqual([
    { name: 'Wine', price: 20, quantity: 1 },
    { name: 'Bread', price: 10, quantity: 1 },
  ]);
});

it("shows the server's refusal next to the field it is about", async () => {
  await renderForm(receiptFormValues(sharedReceipt), { serverError: 'Failed to save receipt: paid_by: m-ben is not a member of this household.' });
  expect(await screen.findByRole('combobox', { name: /^Paid by/ })).toHaveAccessibleDescription('paid_by: m-ben is not a member of this household.');
});
