import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../../../src/client/app/store';
import { categoriesApi } from '../../../../src/client/features/categories/categoriesApi';
import ScanReceiptPage from '../../../../src/client/features/scan/ScanReceiptPage';
import { NOT_AN_IMAGE } from '../../../../src/client/features/scan/imageUpload';
import { sameReceiptApi } from '../../../../src/client/entities/receipts/sameReceipt';
import { ALREADY_SAVED, BANK_ROW_MATCH, FILL_BANK_ROW, SAVE_ANYWAY } from '../../../../src/client/entities/receipts/SameReceiptNotice';
import { BY_HAND_WITH_IMAGE, BY_HAND_WITHOUT_IMAGE } from '../../../../src/client/features/scan/ImagePanel';
import { UNREADABLE_NOT_KEPT } from '../../../../src/client/features/scan/ScanReceiptPage';
import { mutationCount, NO_SERVER, recordRequests, renderScreen, useClosedApiPort } from '../../ui/renderScreen';
import { expectRevealed, watchScrolling } from '../../ui/revealed';
import { FOOD_CATEGORY, OTHER_CATEGORY } from '../../ui/builders';

// The API is a closed port: scanning and saving fail for real, which is what these tests need.
beforeAll(useClosedApiPort);

const categories = [FOOD_CATEGORY, OTHER_CATEGORY];
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function renderPage() {
  const store = makeStore();
  await store.dispatch(categoriesApi.util.upsertQueryData('getCategories', undefined, categories));
  const view = renderScreen(<ScanReceiptPage />, { route: '/receipts/scan', store });
  return { ...view, user: userEvent.setup({ applyAccept: false }) };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

it('offers a picker that accepts images and PDFs only, and refuses other files with a message', async () => {
  const { user } = await renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Scan Receipt' })).toBeInTheDocument();
  expect(fileInput()).toHaveAttribute('accept', 'image/*,application/pdf');
  expect(screen.getByRole('button', { name: 'Choose images' })).toBeInTheDocument();

  await user.upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(NOT_AN_IMAGE);
  expect(screen.queryByRole('img', { name: 'Receipt preview' })).not.toBeInTheDocument();
});

it('scans as soon as the image is chosen; a failed scan keeps it, shows why, can be retried, and the receipt can be entered by hand', async () => {
  const { user, store } = await renderPage();
  await user.upload(fileInput(), new File([PNG], 'lunch.png', { type: 'image/png' }));
  const preview = await screen.findByRole('img', { name: 'Receipt preview' });
  expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  expect(screen.getByText('lunch.png')).toBeInTheDocument();

  // No Scan click: choosing the image started the scan.
  expect(await screen.findByRole('alert')).toHaveTextContent(NO_SERVER);
  expect(screen.getByRole('img', { name: 'Receipt preview' })).toBeInTheDocument();
  expect(mutationCount(store)).toBe(1);
  // Scan tries again: a new request (the hook keeps only the latest in the cache).
  const firstRequest = Object.keys(store.getState().api.mutations)[0];
  await user.click(screen.getByRole('button', { name: 'Scan' }));
  await waitFor(() => expect(Object.keys(store.getState().api.mutations)).not.toContain(firstRequest));
  expect(await screen.findByRole('alert')).toHaveTextContent(NO_SERVER);

  await user.click(screen.getByRole('button', { name: 'Enter manually' }));
  const form = screen.getByRole('form', { name: 'Review receipt' });
  // Typed by hand: dated today, in Food (the default item category), no raw text to show.
  expect(within(form).getByLabelText(/^Date/)).not.toHaveValue('');
  expect(within(form).getByRole('combobox', { name: 'Category' })).toHaveTextContent('Food');
  expect(screen.queryByText('Recognised text')).not.toBeInTheDocument();

  // Validated before anything is sent.
  await user.click(within(form).getByRole('button', { name: 'Save Receipt' }));
  expect(within(form).getByText('Store is required')).toBeInTheDocument();
  expect(within(form).getByText('Total is required')).toBeInTheDocument();
  expect(mutationCount(store)).toBe(1);

  await user.type(within(form).getByLabelText(/^Store/), 'Corner Market');
  await user.type(within(form).getByLabelText(/^Total/), '12.345');
  await user.click(within(form).getByRole('button', { name: 'Save Receipt' }));
  expect(within(form).getByText('Total must be a number with at most two decimals')).toBeInTheDocument();
  await user.clear(within(form).getByLabelText(/^Total/));
  await user.type(within(form).getByLabelText(/^Total/), '12.34');

  // Item rows can be added and removed.
  await user.click(within(form).getByRole('button', { name: 'Add item' }));
  await user.click(within(form).getByRole('button', { name: 'Add item' }));
  expect(within(form).getAllByRole('group', { name: /^Item \d$/ })).toHaveLength(2);
  await user.click(within(form).getByRole('button', { name: 'Remove item 2' }));
  const row = within(form).getByRole('group', { name: 'Item 1' });
  await user.type(within(row).getByLabelText('Item name'), 'Milk');
  await user.type(within(row).getByLabelText('Price'), '3');

  await user.click(within(form).getByRole('button', { name: 'Save Receipt' }));
  await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(NO_SERVER));
  expect(mutationCount(store)).toBe(2);
  // Still on the screen, with the image and the typed values.
  expect(screen.getByRole('img', { name: 'Receipt preview' })).toBeInTheDocument();
  expect(within(form).getByLabelText(/^Store/)).toHaveValue('Corner Market');
});

it('Cancel clears the image and the results', async () => {
  const { user } = await renderPage();
  await user.upload(fileInput(), new File([PNG], 'lunch.png', { type: 'image/png' }));
  await user.click(await screen.findByRole('button', { name: 'Enter manually' }));
  await user.type(screen.getByLabelText(/^Store/), 'Corner Market');

  await user.click(within(screen.getByRole('form', { name: 'Review receipt' })).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('img', { name: 'Receipt preview' })).not.toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Review receipt' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Choose images' })).toBeInTheDocument();

  // Cancel from the chosen image too.
  await user.upload(fileInput(), new File([PNG], 'again.png', { type: 'image/png' }));
  await screen.findByRole('img', { name: 'Receipt preview' });
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('img', { name: 'Receipt preview' })).not.toBeInTheDocument();
});

describe('a scanned receipt that is already saved or imported', () => {
  const trattoria = { store: 'Trattoria Saporito', date: '2018-07-01', amount: 125.99, currency: 'USD' };
  const bankRow = { _id: 'r-bank', store_name: 'TRATTORIA SAPORITO NEW YORK', date: '2018-07-01', total_amount: 125.99, currency: 'USD', imported: true };
  afterEach(() => jest.restoreAllMocks());

  /** The page after a scan that could not be read, its receipt typed in by hand as the one the server knows `match` of. */
  async function typedIn(match: typeof bankRow) {
    const view = await renderPage();
    await view.store.dispatch(sameReceiptApi.util.upsertQueryData('findSameReceipt', trattoria, { match }));
    await view.user.upload(fileInput(), new File([PNG], 'dinner.png', { type: 'image/png' }));
    await view.user.click(await screen.findByRole('button', { name: 'Enter manually' }));
    const form = screen.getByRole('form', { name: 'Review receipt' });
    await view.user.type(within(form).getByLabelText(/^Store/), trattoria.store);
    await view.user.clear(within(form).getByLabelText(/^Date/));
    await view.user.type(within(form).getByLabelText(/^Date/), trattoria.date);
    await view.user.type(within(form).getByLabelText(/^Total/), '125.99');
    return { ...view, form };
  }

  it('offers to fill in the bank row, and saves into it when chosen', async () => {
    const { user, store, form } = await typedIn(bankRow);
    expect(await within(form).findByText(new RegExp(BANK_ROW_MATCH))).toHaveTextContent(`${BANK_ROW_MATCH}: TRATTORIA SAPORITO NEW YORK, Jul 1, 2018, $125.99`);
    const scans = mutationCount(store);
    await user.click(within(form).getByRole('button', { name: 'Save Receipt' }));
    await waitFor(() => expect(within(form).getByRole('button', { name: FILL_BANK_ROW })).toHaveFocus());
    expect(mutationCount(store)).toBe(scans);

    const sent = recordRequests();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST' && r.path === '/receipts')).toHaveLength(1));
    await waitFor(() => expect(sent.find((r) => r.path === '/receipts')?.body).toMatchObject({ store_name: trattoria.store, into_id: 'r-bank' }));
  });

  it('warns of the same receipt saved before, and saves a second only on Save anyway', async () => {
    const { user, store, form } = await typedIn({ ...bankRow, _id: 'r-saved', store_name: 'Trattoria Saporito', imported: false });
    expect(await within(form).findByText(new RegExp(ALREADY_SAVED))).toBeInTheDocument();
    const scans = mutationCount(store);
    await user.click(within(form).getByLabelText(/^Total/));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(form).getByRole('button', { name: SAVE_ANYWAY })).toHaveFocus());
    expect(mutationCount(store)).toBe(scans);

    const sent = recordRequests();
    await user.click(within(form).getByRole('button', { name: SAVE_ANYWAY }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST' && r.path === '/receipts')).toHaveLength(1));
    await waitFor(() => expect(sent.find((r) => r.path === '/receipts')?.body).toMatchObject({ store_name: trattoria.store }));
    expect(sent.find((r) => r.path === '/receipts')?.body).not.toHaveProperty('into_id');
  });
});

describe('a receipt typed in after a failed scan', () => {
  afterEach(() => jest.restoreAllMocks());

  /** The review form typed in by hand after choosing `file` (its scan fails: no server). */
  async function byHand(file: File) {
    const view = await renderPage();
    await view.user.upload(fileInput(), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_SERVER);
    const offer = screen.getByRole('alert').textContent;
    await view.user.click(screen.getByRole('button', { name: 'Enter manually' }));
    const form = screen.getByRole('form', { name: 'Review receipt' });
    await view.user.type(within(form).getByLabelText(/^Store/), 'Corner Market');
    await view.user.type(within(form).getByLabelText(/^Total/), '12.34');
    return { ...view, form, offer };
  }

  it('is offered, and saved, with the image when it is a picture the server keeps', async () => {
    const { user, form, offer } = await byHand(new File([PNG], 'lunch.png', { type: 'image/png' }));
    expect(offer).toContain(BY_HAND_WITH_IMAGE);
    expect(within(form).getByText('Enter the receipt by hand; the image is saved with it.')).toBeInTheDocument();
    const sent = recordRequests();
    await user.click(within(form).getByRole('button', { name: 'Save Receipt' }));
    await waitFor(() => expect(sent.find((r) => r.path === '/receipts')?.body).toMatchObject({ image_url: expect.stringMatching(/^data:image\/png;base64,/) }));
  });

  it('is never offered with a file that only says it is a picture, and is saved without it', async () => {
    const { user, form, offer } = await byHand(new File(['not a picture at all'], 'receipt.jpg', { type: 'image/jpeg' }));
    expect(offer).toContain(BY_HAND_WITHOUT_IMAGE);
    expect(offer).not.toContain(BY_HAND_WITH_IMAGE);
    expect(screen.getByText(UNREADABLE_NOT_KEPT)).toBeInTheDocument();
    expect(within(form).getByText('Enter the receipt by hand.')).toBeInTheDocument();
    const sent = recordRequests();
    await user.click(within(form).getByRole('button', { name: 'Save Receipt' }));
    await waitFor(() => expect(sent.find((r) => r.path === '/receipts')?.body).toMatchObject({ store_name: 'Corner Market', image_url: null }));
  });

  it('brings a refused save’s message into view and gives it the focus', async () => {
    const { user, form } = await byHand(new File([PNG], 'lunch.png', { type: 'image/png' }));
    const watch = watchScrolling();
    await user.click(within(form).getByRole('button', { name: 'Save Receipt' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(NO_SERVER));
    await waitFor(() => expectRevealed(within(form).getByRole('alert'), watch));
  });
});
