import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderReceiptForm } from './renderReceiptForm';
import { emptyReceiptForm } from '../../../../src/client/features/receipts/receiptFormValues';
import { makeStore } from '../../../../src/client/app/store';
import { ratesApi } from '../../../../src/client/entities/currency/ratesApi';
import { boughtItemsApi } from '../../../../src/client/entities/receipts/knownItems';
import type { CurrencyRateList } from '../../../../src/shared/currencyRates';
import { MAX_ITEM_NAME, MAX_RECEIPT_DESCRIPTION, MAX_STORE_NAME } from '../../../../src/shared/constants/receipts';

/** The form in a store whose rates table is already read (`rates`), so nothing is fetched. */
function renderForm(serverError: string | null = null, rates: CurrencyRateList = []) {
  const store = makeStore();
  void store.dispatch(ratesApi.util.upsertQueryData('getCurrencyRates', undefined, rates));
  return renderReceiptForm(store, emptyReceiptForm('2026-11-20'), serverError);
}

/** Types into the currency field (by code or name) and picks the option. */
async function chooseCurrency(user: ReturnType<typeof userEvent.setup>, typed: string, option: string) {
  const field = screen.getByRole('combobox', { name: /^Currency/ });
  await user.clear(field);
  await user.type(field, typed);
  await user.click(screen.getByRole('option', { name: option }));
}

it('shows an error beside each wrong field and sends nothing', async () => {
  const { onSubmit, user } = renderForm();
  await user.clear(screen.getByLabelText(/^Date/));
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  expect(screen.getByLabelText(/^Store/)).toHaveAccessibleDescription('Store is required');
  expect(screen.getByLabelText(/^Date/)).toHaveAccessibleDescription('Date is required');
  expect(screen.getByLabelText(/^Amount/)).toHaveAccessibleDescription('Amount is required');
  expect(onSubmit).not.toHaveBeenCalled();

  // Fixing a field clears its message at once.
  await user.type(screen.getByLabelText(/^Amount/), '3.999');
  expect(screen.getByLabelText(/^Amount/)).toHaveAccessibleDescription('Amount must be a number with at most two decimals');
  await user.type(screen.getByLabelText(/^Store/), 'Bakery');
  expect(screen.getByLabelText(/^Store/)).not.toHaveAttribute('aria-invalid', 'true');
});

it("stops typing where the contract's limits are, so a long text is never refused by the API", async () => {
  const { user } = renderForm();
  await user.click(screen.getByRole('button', { name: 'Add item' }));
  expect(screen.getByLabelText(/^Store/)).toHaveAttribute('maxlength', String(MAX_STORE_NAME));
  expect(screen.getByLabelText('Description')).toHaveAttribute('maxlength', String(MAX_RECEIPT_DESCRIPTION));
  expect(screen.getByLabelText('Item name')).toHaveAttribute('maxlength', String(MAX_ITEM_NAME));
});

it('adds and removes item rows and sends the whole receipt', async () => {
  const { onSubmit, user } = renderForm();
  await user.type(screen.getByLabelText(/^Store/), 'Bakery');
  await user.type(screen.getByLabelText(/^Amount/), '7.50');
  await user.click(screen.getByRole('combobox', { name: 'Category' }));
  await user.click(screen.getByRole('option', { name: 'Food' }));
  await user.click(screen.getByRole('combobox', { name: 'Payment method' }));
  await user.click(screen.getByRole('option', { name: 'Cash' }));
  await user.type(screen.getByLabelText('Tax'), '0.50');

  await user.click(screen.getByRole('button', { name: 'Add item' }));
  // The focus moves into the new row, ready to type its name.
  expect(within(screen.getByRole('group', { name: 'Item 1' })).getByLabelText('Item name')).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Add item' }));
  expect(within(screen.getByRole('group', { name: 'Item 2' })).getByLabelText('Item name')).toHaveFocus();
  expect(within(screen.getByRole('group', { name: 'Item 2' })).getByLabelText('Price')).toHaveAccessibleDescription(
    'Price is for one item; the line total is price × quantity.',
  );
  const first = screen.getByRole('group', { name: 'Item 1' });
  await user.type(within(first).getByLabelText('Item name'), 'Bread');
  await user.type(within(first).getByLabelText('Price'), '3.50');
  await user.clear(within(first).getByLabelText('Quantity'));
  await user.type(within(first).getByLabelText('Quantity'), '2');

  // An empty second row is an error until it is filled or removed.
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  expect(within(screen.getByRole('group', { name: 'Item 2' })).getByLabelText('Item name')).toHaveAccessibleDescription('Item name is required');
  expect(onSubmit).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Remove item 2' }));
  expect(screen.queryByRole('group', { name: 'Item 2' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  expect(onSubmit).toHaveBeenCalledWith({
    store: 'Bakery',
    date: '2026-11-20',
    amount: 7.5,
    currency: 'USD',
    category: 'c1',
    description: '',
    paymentMethod: 'Cash',
    tax: 0.5,
    items: [{ name: 'Bread', price: 3.5, quantity: 2 }],
  });
});

it('takes a receipt in another currency, with its decimals, a rate or none, and what it comes to at home', async () => {
  const { onSubmit, user } = renderForm();
  expect(screen.getByRole('combobox', { name: /^Currency/ })).toHaveValue('USD · US Dollar');
  expect(screen.queryByLabelText(/^Rate/)).not.toBeInTheDocument();

  await chooseCurrency(user, 'ringgit', 'MYR · Malaysian Ringgit');
  const rate = screen.getByLabelText('Rate (USD for 1 MYR)');
  expect(rate).toHaveAccessibleDescription('No rate for MYR on this date in your table (Settings → Currencies): type one');

  await user.type(screen.getByLabelText(/^Store/), 'Kedai Kopi');
  await user.type(screen.getByLabelText(/^Amount/), '45.605');
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  expect(screen.getByLabelText(/^Amount/)).toHaveAccessibleDescription('Amount must be a number with at most two decimals');
  await user.clear(screen.getByLabelText(/^Amount/));
  await user.type(screen.getByLabelText(/^Amount/), '45.60');
  await user.type(rate, '0,2');
  expect(rate).toHaveAccessibleDescription('Rate must be a number greater than 0 with at most 8 decimals');
  await user.clear(rate);
  await user.type(rate, '0.2130');
  expect(rate).toHaveAccessibleDescription('Comes to $9.71');

  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ store: 'Kedai Kopi', amount: 45.6, currency: 'MYR', rate: 0.213 }));
});

it("shows the rates table's rate for the receipt's day, and what the amount comes to at it", async () => {
  const { onSubmit, user } = renderForm(null, [
    { currency: 'MYR', rate: 0.2, valid_from: '2020-01-01' },
    { currency: 'MYR', rate: 0.25, valid_from: '2026-12-01' },
  ]);
  await chooseCurrency(user, 'MYR', 'MYR · Malaysian Ringgit');
  const rate = screen.getByLabelText('Rate (USD for 1 MYR)');
  expect(rate).toHaveAttribute('placeholder', '0.2');
  expect(rate).toHaveAccessibleDescription('Your rate for 2026-11-20: 0.2');
  await user.type(screen.getByLabelText(/^Store/), 'Kedai Kopi');
  await user.type(screen.getByLabelText(/^Amount/), '45.60');
  expect(rate).toHaveAccessibleDescription('Your rate for 2026-11-20: 0.2. Comes to $9.12');
  // Left empty, the server takes the table's rate: null says so.
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ currency: 'MYR', rate: null }));
});

it('reads yen without decimals', async () => {
  const { onSubmit, user } = renderForm();
  await chooseCurrency(user, 'JPY', 'JPY · Japanese Yen');
  await user.type(screen.getByLabelText(/^Store/), 'Sushi Bar');
  await user.type(screen.getByLabelText(/^Amount/), '1500.5');
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  expect(screen.getByLabelText(/^Amount/)).toHaveAccessibleDescription('Amount must be a whole number');
  await user.clear(screen.getByLabelText(/^Amount/));
  await user.type(screen.getByLabelText(/^Amount/), '1,500');
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  const body = onSubmit.mock.calls[0][0];
  // No rate typed: null asks for the rates table's.
  expect(body).toMatchObject({ amount: 1500, currency: 'JPY', rate: null });
});

it('says beside the tax that it is more than the amount, and sends nothing until it is not', async () => {
  const { onSubmit, user } = renderForm();
  await user.type(screen.getByLabelText(/^Store/), 'Kiosk');
  await user.type(screen.getByLabelText(/^Amount/), '10');
  await user.type(screen.getByLabelText('Tax'), '50');
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  expect(screen.getByLabelText('Tax')).toHaveAccessibleDescription('Tax must not be more than the amount');
  expect(screen.getByLabelText('Tax')).toHaveAttribute('aria-invalid', 'true');
  expect(onSubmit).not.toHaveBeenCalled();

  // A refund of $10 may carry its tax.
  await user.clear(screen.getByLabelText(/^Amount/));
  await user.type(screen.getByLabelText(/^Amount/), '-10');
  await user.clear(screen.getByLabelText('Tax'));
  await user.type(screen.getByLabelText('Tax'), '0.80');
  await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
  expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ amount: -10, tax: 0.8 }));
});

it("shows the server's answer to a failed save", () => {
  renderForm('Failed to save receipt: Unknown category: Pets');
  expect(screen.getByRole('alert')).toHaveTextContent('Failed to save receipt: Unknown category: Pets');
});

it('proposes the names of items bought before, and the category a name was last given', async () => {
  const store = makeStore();
  void store.dispatch(ratesApi.util.upsertQueryData('getCurrencyRates', undefined, []));
  void store.dispatch(
    boughtItemsApi.util.upsertQueryData('getBoughtItems', 'Phone charger', [
      { name: 'Phone charger', purchases: 2, category_id: 'c2' },
      { name: 'Phone charger USB-C', purchases: 1, category_id: null },
    ]),
  );
  const { user } = renderReceiptForm(store, emptyReceiptForm('2026-11-20'));
  await user.click(screen.getByRole('button', { name: 'Add item' }));
  const row = screen.getByRole('group', { name: 'Item 1' });
  const name = within(row).getByLabelText('Item name');
  await user.type(name, 'Phone charger');
  // The browser's suggestions list the names; the row takes the category the name last had.
  const list = document.getElementById(name.getAttribute('list')!)!;
  await waitFor(() => expect(within(row).getByRole('combobox', { name: 'Item category' })).toHaveTextContent('Other'));
  expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(['Phone charger', 'Phone charger USB-C']);

  // A category the person clears stays cleared; a name never bought proposes nothing.
  await user.click(within(row).getByRole('combobox', { name: 'Item category' }));
  await user.click(screen.getByRole('option', { name: 'As the receipt' }));
  await user.type(name, ' cable');
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(within(row).getByRole('combobox', { name: 'Item category' })).toHaveTextContent('As the receipt');
});
