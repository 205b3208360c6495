import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderReceiptForm } from './renderReceiptForm';
import { emptyReceiptForm, receiptFormValues } from '../../../../src/client/features/receipts/receiptFormValues';
import { makeStore } from '../../../../src/client/app/store';
import { ratesApi } from '../../../../src/client/entities/currency/ratesApi';
import { receipt } from '../../ui/builders';
import type { ReceiptFormValues } from '../../../../src/client/features/receipts/receiptFormValues';

/** The Add/Edit form (rates already read, so nothing is fetched) opening with `initial`. */
function renderForm(initial: ReceiptFormValues = emptyReceiptForm('2026-11-20', 'USD')) {
  const store = makeStore();
  void store.dispatch(ratesApi.util.upsertQueryData('getCurrencyRates', undefined, []));
  return renderReceiptForm(store, initial);
}

type User = ReturnType<typeof userEvent.setup>;

/** Opens a select by its name (within `scope`) and chooses an option. */
async function choose(user: User, name: string, option: string, scope: HTMLElement = document.body) {
  await user.click(within(scope).getByRole('combobox', { name }));
  await user.click(screen.getByRole('option', { name: option }));
}

async function fillBasics(user: User) {
  await user.type(screen.getByLabelText(/^Store/), 'Best Buy');
  await user.type(screen.getByLabelText(/^Amount/), '89.00');
}

it('picks a return window and a warranty from the receipt’s date, or a date of one’s own, on the receipt and on an item', async () => {
  const { onSubmit, user } = renderForm();
  await fillBasics(user);
  await choose(user, 'Return by', '30 days');
  // The day the pick gives is shown under it.
  expect(screen.getByRole('combobox', { name: 'Return by' })).toHaveAccessibleDescription('Dec 20, 2026');
  await choose(user, 'Warranty until', 'Pick a date');
  fireEvent.change(screen.getByLabelText('Warranty until date'), { target: { value: '2029-06-30' } });

  await user.click(screen.getByRole('button', { name: 'Add item' }));
  const row = screen.getByRole('group', { name: 'Item 1' });
  await user.type(within(row).getByLabelText('Item name'), 'Headphones');
  await user.type(within(row).getByLabelText('Price'), '89');
  await choose(user, 'Item warranty until', '2 years', row);
  expect(within(row).getByRole('combobox', { name: 'Item warranty until' })).toHaveAccessibleDescription('Nov 20, 2028');
  await choose(user, 'Item return by', '14 days', row);

  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  expect(onSubmit).toHaveBeenCalledWith(
    expect.objectContaining({
      return_by: '2026-12-20',
      warranty_until: '2029-06-30',
      items: [{ name: 'Headphones', price: 89, quantity: 1, return_by: '2026-12-04', warranty_until: '2028-11-20' }],
    }),
  );
});

it('refuses a date that is not after the receipt’s and sends nothing', async () => {
  const { onSubmit, user } = renderForm();
  await fillBasics(user);
  await choose(user, 'Return by', 'Pick a date');
  fireEvent.change(screen.getByLabelText('Return by date'), { target: { value: '2026-11-20' } });
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  expect(screen.getByLabelText('Return by date')).toHaveAccessibleDescription("Return by must be after the receipt's date");
  expect(onSubmit).not.toHaveBeenCalled();

  fireEvent.change(screen.getByLabelText('Return by date'), { target: { value: '2026-11-21' } });
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ return_by: '2026-11-21' }));
});

it('opens an edit on the pick a saved date matches, and clearing it sends null so the API removes it', async () => {
  const saved = receipt({
    date: '2026-11-20',
    return_by: '2026-12-20',
    warranty_until: '2027-03-01',
    items: [{ name: 'Kettle', price: 10, quantity: 1, warranty_until: '2027-11-20' }],
  });
  const { onSubmit, user } = renderForm(receiptFormValues(saved));
  expect(screen.getByRole('combobox', { name: 'Return by' })).toHaveTextContent('30 days');
  // A date no pick gives shows as typed.
  expect(screen.getByLabelText('Warranty until date')).toHaveValue('2027-03-01');
  expect(within(screen.getByRole('group', { name: 'Item 1' })).getByRole('combobox', { name: 'Item warranty until' })).toHaveTextContent('1 year');

  await choose(user, 'Return by', 'None');
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  const body = onSubmit.mock.calls[0][0];
  expect(body).toMatchObject({ return_by: null, warranty_until: '2027-03-01', items: [{ name: 'Kettle', warranty_until: '2027-11-20' }] });
});

it('sends neither field for a receipt that uses none', async () => {
  const { onSubmit, user } = renderForm();
  await fillBasics(user);
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  expect(onSubmit.mock.calls[0][0]).not.toHaveProperty('return_by');
  expect(onSubmit.mock.calls[0][0]).not.toHaveProperty('warranty_until');
});
