import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Receipt } from '../../../../src/shared/receipts';
import { makeStore } from '../../../../src/client/app/store';
import { receiptsApi } from '../../../../src/client/features/receipts/receiptsApi';
import ReceiptDetailPage from '../../../../src/client/features/receipts/ReceiptDetailPage';
import { renderScreen, useClosedApiPort } from '../../ui/renderScreen';
import { receipt } from '../../ui/builders';

beforeAll(useClosedApiPort);

const bakery = receipt({
  store: 'Bakery',
  amount: 9.5,
  category: 'Food',
  categoryId: 'c1',
  description: 'Saturday bread',
  paymentMethod: 'Cash',
  tax: 0.5,
  items: [{ name: 'Bread', price: 4.5, quantity: 2 }],
  imageUrl: 'data:image/png;base64,iVBORw0KGgo=',
});

async function seeded(shown: Receipt = bakery) {
  const store = makeStore();
  await store.dispatch(receiptsApi.util.upsertQueryData('getReceipt', 'r1', shown));
  return renderScreen(<ReceiptDetailPage />, { route: '/receipts/r1', path: '/receipts/:id', store });
}

it('shows the receipt with its image, items, tax, payment method and category', async () => {
  await seeded();
  expect(screen.getByRole('heading', { level: 1, name: 'Bakery' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Receipt from Bakery' })).toHaveAttribute('src', bakery.imageUrl);
  const items = within(screen.getByRole('table', { name: 'Items' }));
  expect(items.getAllByRole('row')[1]).toHaveTextContent('Bread$4.502$9.00');
  expect(screen.getByText('Tax').nextSibling).toHaveTextContent('$0.50');
  expect(screen.getByText('Payment method').nextSibling).toHaveTextContent('Cash');
  expect(screen.getByText('Category').nextSibling).toHaveTextContent('Food');
  expect(screen.getByText('Saturday bread')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/receipts/r1/edit');
  expect(screen.getByRole('link', { name: 'Back to receipts' })).toHaveAttribute('href', '/receipts');
});

it('shows a foreign receipt as printed, in the home currency and with its rate; its lines and tax as printed', async () => {
  await seeded({
    ...bakery,
    amount: 1500,
    currency: 'JPY',
    rate: 0.0067,
    home_amount: 10.05,
    imported: true,
    tax: 136,
    items: [{ name: 'Ramen', price: 750, quantity: 2 }],
  });
  expect(screen.getByText('Amount').nextSibling).toHaveTextContent('¥1,500 · $10.05');
  expect(screen.getByText('Rate').nextSibling).toHaveTextContent('1 JPY = 0.0067 USD');
  expect(screen.getByText('Tax').nextSibling).toHaveTextContent('¥136');
  expect(within(screen.getByRole('table', { name: 'Items' })).getAllByRole('row')[1]).toHaveTextContent('Ramen¥7502¥1,500');
  expect(screen.getByText('Imported')).toBeInTheDocument();
});

it('shows no rate for a receipt in the home currency', async () => {
  await seeded();
  expect(screen.getByText('Amount').nextSibling).toHaveTextContent(/^\$9\.50$/);
  expect(screen.queryByText('Rate')).not.toBeInTheDocument();
  expect(screen.queryByText('Imported')).not.toBeInTheDocument();
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
  expect(receiptsApi.endpoints.getReceipt.select('r1')(store.getState())).toMatchObject({ status: 'fulfilled', data: bakery });
  expect(screen.getByRole('heading', { level: 1, name: 'Bakery', hidden: true })).toBeInTheDocument();
});

it('says when the receipt cannot be fetched', async () => {
  renderScreen(<ReceiptDetailPage />, { route: '/receipts/r9', path: '/receipts/:id' });
  expect(await screen.findByText('Failed to fetch receipt')).toBeInTheDocument();
});

it("shows a PDF receipt's first page as a picture, with its pages, and keeps the original downloadable", async () => {
  const page = 'https://api.example/blobs/receipts/u/11111111-1111-4111-8111-111111111111.jpg?exp=1&sig=s';
  const original = 'https://api.example/blobs/receipts/u/22222222-2222-4222-8222-222222222222.pdf?exp=1&sig=s';
  await seeded({ ...bakery, imageUrl: original, document: { pages: 3, preview: page } });
  expect(screen.getByRole('img', { name: 'The receipt from Bakery (PDF)' })).toHaveAttribute('src', page);
  expect(screen.getByText('PDF, 3 pages')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Download original' })).toHaveAttribute('href', `${original}&download=1`);
});

it('shows a PDF saved before its first page was drawn as a PDF mark', async () => {
  await seeded({ ...bakery, imageUrl: 'https://api.example/blobs/receipts/u/22222222-2222-4222-8222-222222222222.pdf?exp=1&sig=s' });
  expect(screen.getByLabelText('The receipt from Bakery (PDF)')).toBeInTheDocument();
  expect(screen.getByText('PDF')).toBeInTheDocument();
});
