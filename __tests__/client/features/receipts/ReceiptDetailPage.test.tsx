import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Receipt } from '../../../../src/shared/receipts';
import { makeStore } from '../../../../src/client/app/store';
import { receiptsApi } from '../../../../src/client/features/receipts/receiptsApi';
import ReceiptDetailPage from '../../../../src/client/features/receipts/ReceiptDetailPage';
import { renderScreen, useClosedApiPort } from '../../ui/renderScreen';

beforeAll(useClosedApiPort);

const receipt: Receipt = {
  id: 'r1',
  store: 'Bakery',
  date: '2026-11-20',
  amount: 9.5,
  category: 'Food',
  categoryId: 'c1',
  description: 'Saturday bread',
  paymentMethod: 'Cash',
  tax: 0.5,
  items: [{ name: 'Bread', price: 4.5, quantity: 2 }],
  imageUrl: 'data:image/png;base64,iVBORw0KGgo=',
};

async function seeded() {
  const store = makeStore();
  await store.dispatch(receiptsApi.util.upsertQueryData('getReceipt', 'r1', receipt));
  return renderScreen(<ReceiptDetailPage />, { route: '/receipts/r1', path: '/receipts/:id', store });
}

it('shows the receipt with its image, items, tax, payment method and category', async () => {
  await seeded();
  expect(screen.getByRole('heading', { level: 1, name: 'Bakery' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Receipt from Bakery' })).toHaveAttribute('src', receipt.imageUrl);
  const items = within(screen.getByRole('table', { name: 'Items' }));
  expect(items.getAllByRole('row')[1]).toHaveTextContent('Bread$4.502$9.00');
  expect(screen.getByText('Tax').nextSibling).toHaveTextContent('$0.50');
  expect(screen.getByText('Payment method').nextSibling).toHaveTextContent('Cash');
  expect(screen.getByText('Category').nextSibling).toHaveTextContent('Food');
  expect(screen.getByText('Saturday bread')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/receipts/r1/edit');
  expect(screen.getByRole('link', { name: 'Back to receipts' })).toHaveAttribute('href', '/receipts');
});

it('asks before deleting and reports a failed delete', async () => {
  const { store } = await seeded();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete receipt?' });
  expect(dialog).toHaveTextContent('Are you sure you want to delete this receipt? This action cannot be undone.');
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await within(dialog).findByText('Failed to delete receipt')).toBeInTheDocument();
  // Nothing changed on the server, so the shown receipt is not refetched (and lost to a second failure).
  expect(receiptsApi.endpoints.getReceipt.select('r1')(store.getState())).toMatchObject({ status: 'fulfilled', data: receipt });
  expect(screen.getByRole('heading', { level: 1, name: 'Bakery', hidden: true })).toBeInTheDocument();
});

it('says when the receipt cannot be fetched', async () => {
  renderScreen(<ReceiptDetailPage />, { route: '/receipts/r9', path: '/receipts/:id' });
  expect(await screen.findByText('Failed to fetch receipt')).toBeInTheDocument();
});
