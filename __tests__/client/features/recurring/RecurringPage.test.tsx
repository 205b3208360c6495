import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecurringSeries } from '../../../../src/shared/recurring';
import { makeStore } from '../../../../src/client/app/store';
import { todayIso } from '../../../../src/client/ui/dates';
import { dashboardApi } from '../../../../src/client/features/dashboard/dashboardApi';
import { receiptSaveApi } from '../../../../src/client/entities/receipts/receiptSave';
import { recurringApi } from '../../../../src/client/features/recurring/recurringApi';
import RecurringPage from '../../../../src/client/features/recurring/RecurringPage';
import { mutationCount, renderScreen, useClosedApiPort } from '../../ui/renderScreen';
import { startRecurringServer } from './recurringServer';

const year = Number(todayIso().slice(0, 4));

function series(fields: Partial<RecurringSeries> & Pick<RecurringSeries, '_id' | 'store' | 'status'>): RecurringSeries {
  return {
    interval: 'monthly',
    amount: 15.49,
    found_interval: 'monthly',
    found_amount: 15.49,
    edited: false,
    first_date: `${year}-01-03`,
    last_date: `${year}-03-03`,
    next_date: `${year}-12-03`,
    receipts: [
      { _id: 'r1', date: `${year}-01-03`, amount: 15.49 },
      { _id: 'r2', date: `${year}-02-03`, amount: 15.49 },
      { _id: 'r3', date: `${year}-03-03`, amount: 15.49 },
    ],
    ...fields,
  };
}

const netflix = series({ _id: 's1', store: 'Netflix', status: 'found' });
const gym = series({
  _id: 's2',
  store: 'Gym',
  status: 'confirmed',
  amount: 17.99,
  found_amount: 14.99,
  edited: true,
  next_date: `${year + 1}-01-04`,
  receipts: [{ _id: 'g1', date: `${year}-03-01`, amount: 14.99 }],
});
const club = series({ _id: 's3', store: 'Coffee Club', status: 'dismissed', interval: 'weekly', found_interval: 'weekly', amount: 4.5, found_amount: 4.5 });
const LIST = [netflix, gym, club];

let server: Awaited<ReturnType<typeof startRecurringServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The page over a local API holding `onServer`, with `shown` already in the store. */
async function seeded(shown: RecurringSeries[] = LIST, onServer: RecurringSeries[] = shown) {
  server = await startRecurringServer(onServer);
  const store = makeStore();
  await store.dispatch(recurringApi.util.upsertQueryData('getRecurring', undefined, shown));
  return { ...renderScreen(<RecurringPage />, { route: '/recurring', store }), server };
}

const section = (name: string) => screen.getByRole('list', { name });
const card = (store: string) => screen.getAllByTestId('series-card').find((c) => within(c).queryByRole('heading', { name: store }))!;
const buttonNames = (el: HTMLElement) =>
  within(el)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? b.textContent);

it('shows the bills to review, the confirmed ones, and the dismissed ones behind a toggle', async () => {
  await seeded();
  const user = userEvent.setup();
  expect(screen.getByRole('heading', { level: 1, name: 'Recurring bills' })).toBeInTheDocument();
  expect(screen.getByText(/Confirm the real ones to see them in your forecast and get a reminder 3 days before they are due/)).toBeInTheDocument();

  expect(
    within(section('To review'))
      .getAllByRole('heading')
      .map((h) => h.textContent),
  ).toEqual(['Netflix']);
  expect(
    within(section('Confirmed'))
      .getAllByRole('heading')
      .map((h) => h.textContent),
  ).toEqual(['Gym']);
  expect(buttonNames(card('Netflix'))).toEqual(['Based on 3 receipts for Netflix', 'Confirm Netflix', 'Edit Netflix', 'Dismiss Netflix']);
  expect(buttonNames(card('Gym'))).toEqual(['Based on 1 receipt for Gym', 'Edit Gym', 'Dismiss Gym']);

  const toggle = screen.getByRole('button', { name: 'Dismissed (1)' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('heading', { name: 'Coffee Club' })).not.toBeInTheDocument();
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(
    within(section('Dismissed'))
      .getAllByRole('heading')
      .map((h) => h.textContent),
  ).toEqual(['Coffee Club']);
  expect(buttonNames(card('Coffee Club'))).toEqual(['Based on 3 receipts for Coffee Club', 'Restore Coffee Club']);
});

it('says about how much, how often and when, and what was found beside an edit', async () => {
  await seeded();
  expect(card('Netflix')).toHaveTextContent('About $15.49 every month, next around Dec 3');
  expect(within(card('Netflix')).queryByText('Edited')).not.toBeInTheDocument();
  expect(card('Netflix')).not.toHaveTextContent('found:');

  expect(card('Gym')).toHaveTextContent(`About $17.99 every month, next around Jan 4, ${year + 1}`);
  expect(within(card('Gym')).getByText('Edited')).toBeInTheDocument();
  expect(card('Gym')).toHaveTextContent('found: $14.99 every month');
});

it('lists the receipts a bill was found in, each a link to the receipt', async () => {
  const { router } = await seeded();
  const user = userEvent.setup();
  const disclosure = within(card('Netflix')).getByRole('button', { name: 'Based on 3 receipts for Netflix' });
  expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  expect(within(card('Netflix')).queryByRole('link')).not.toBeInTheDocument();

  await user.click(disclosure);
  expect(disclosure).toHaveAttribute('aria-expanded', 'true');
  const links = within(card('Netflix')).getAllByRole('link');
  expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
    [`Jan 3, ${year} — $15.49`, '/receipts/r1'],
    [`Feb 3, ${year} — $15.49`, '/receipts/r2'],
    [`Mar 3, ${year} — $15.49`, '/receipts/r3'],
  ]);
  // Only this card opened.
  expect(within(card('Gym')).queryByRole('link')).not.toBeInTheDocument();

  await user.click(links[1]);
  expect(router.state.location.pathname).toBe('/receipts/r2');
});

it('confirms: sends the status, says so, moves the bill to Confirmed with the focus, and refreshes the dashboard', async () => {
  const { store, server } = await seeded();
  // A dashboard in the cache, as when the person came from it: the forecast must follow.
  const dashboard = store.dispatch(dashboardApi.endpoints.getDashboard.initiate());
  await waitFor(() => expect(server.requests.filter((r) => r.path === '/dashboard')).toHaveLength(1));
  const user = userEvent.setup();

  await user.click(screen.getByRole('button', { name: 'Confirm Netflix' }));
  expect(await screen.findByText('Netflix confirmed')).toBeInTheDocument();
  expect(server.puts()).toEqual([{ path: '/recurring/s1', body: { status: 'confirmed' } }]);

  await waitFor(() =>
    expect(
      within(section('Confirmed'))
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Netflix', 'Gym']),
  );
  expect(screen.getByText('Nothing to review.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Netflix' })).toHaveFocus());
  await waitFor(() => expect(server.requests.filter((r) => r.path === '/dashboard')).toHaveLength(2));
  dashboard.unsubscribe();
});

it('dismisses a bill (the focus goes to the closed Dismissed list) and restores one to review', async () => {
  const { server } = await seeded();
  const user = userEvent.setup();

  await user.click(screen.getByRole('button', { name: 'Dismiss Gym' }));
  expect(await screen.findByText('Gym dismissed')).toBeInTheDocument();
  const toggle = await screen.findByRole('button', { name: 'Dismissed (2)' });
  await waitFor(() => expect(toggle).toHaveFocus());
  expect(screen.getByText('No confirmed bills yet.')).toBeInTheDocument();
  // Toasts come one after another: closing this one lets the next show at once.
  await user.click(screen.getByRole('button', { name: 'Close' }));

  await user.click(toggle);
  await user.click(screen.getByRole('button', { name: 'Restore Coffee Club' }));
  expect(await screen.findByText('Coffee Club restored')).toBeInTheDocument();
  await waitFor(() =>
    expect(
      within(section('To review'))
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Netflix', 'Coffee Club']),
  );
  expect(screen.getByRole('button', { name: 'Dismissed (1)' })).toBeInTheDocument();

  expect(server.puts()).toEqual([
    { path: '/recurring/s2', body: { status: 'dismissed' } },
    { path: '/recurring/s3', body: { status: 'found' } },
  ]);
});

it('shows the server’s reason when a change is refused, and leaves the bill where it was', async () => {
  // The server does not hold this one (another person's id): it answers 404.
  const stranger = series({ _id: 'not-mine', store: 'Spotify', status: 'found' });
  const { server } = await seeded([stranger, ...LIST], LIST);
  const user = userEvent.setup();

  await user.click(screen.getByRole('button', { name: 'Confirm Spotify' }));
  expect(await screen.findByText('Failed to confirm Spotify: Recurring bill not found')).toBeInTheDocument();
  expect(server.puts()).toEqual([{ path: '/recurring/not-mine', body: { status: 'confirmed' } }]);
  // A refused change changes nothing: the list is not fetched again.
  expect(server.requests.filter((r) => r.method === 'GET')).toEqual([]);
  expect(within(section('To review')).getByRole('heading', { name: 'Spotify' })).toBeInTheDocument();
});

it('edits the amount and interval in a dialog that refuses an amount that is not one', async () => {
  const { store, server } = await seeded();
  const user = userEvent.setup();

  await user.click(screen.getByRole('button', { name: 'Edit Gym' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Gym' });
  expect(dialog).toHaveTextContent('Tally found $14.99 every month in your receipts.');
  const amount = within(dialog).getByLabelText(/Amount/);
  expect(amount).toHaveValue('17.99');
  expect(amount).toHaveFocus();
  expect(within(dialog).getByRole('combobox', { name: 'Interval' })).toHaveTextContent('Monthly');

  const save = within(dialog).getByRole('button', { name: 'Save' });
  for (const [typed, message] of [
    ['abc', 'Amount must be a number with at most two decimals'],
    ['-5', 'Amount must be more than $0.00'],
    ['0', 'Amount must be more than $0.00'],
  ]) {
    await user.clear(amount);
    await user.type(amount, typed);
    await user.click(save);
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  }
  expect(mutationCount(store)).toBe(0);

  await user.clear(amount);
  await user.type(amount, '19.50');
  await user.click(within(dialog).getByRole('combobox', { name: 'Interval' }));
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Weekly', 'Monthly', 'Yearly']);
  await user.click(screen.getByRole('option', { name: 'Yearly' }));
  await user.click(save);

  expect(await screen.findByText('Gym updated')).toBeInTheDocument();
  expect(server.puts()).toEqual([{ path: '/recurring/s2', body: { amount: 19.5, interval: 'yearly' } }]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(card('Gym')).toHaveTextContent('About $19.50 every year'));
  expect(card('Gym')).toHaveTextContent('found: $14.99 every month');
  // Editing keeps the status.
  expect(within(section('Confirmed')).getByRole('heading', { name: 'Gym' })).toBeInTheDocument();
});

it('edits a bill still to review without confirming it, and sends nothing when nothing changed', async () => {
  const { store, server } = await seeded();
  const user = userEvent.setup();

  await user.click(screen.getByRole('button', { name: 'Edit Netflix' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Edit Netflix' })).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(mutationCount(store)).toBe(0);

  await user.click(screen.getByRole('button', { name: 'Edit Netflix' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Netflix' });
  await user.clear(within(dialog).getByLabelText(/Amount/));
  await user.type(within(dialog).getByLabelText(/Amount/), '16.99');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Netflix updated')).toBeInTheDocument();
  expect(server.puts()).toEqual([{ path: '/recurring/s1', body: { amount: 16.99 } }]);
  await waitFor(() => expect(card('Netflix')).toHaveTextContent('About $16.99 every month'));
  expect(within(section('To review')).getByRole('heading', { name: 'Netflix' })).toBeInTheDocument();
});

it('keeps the dialog open with the reason when an edit is refused', async () => {
  await seeded();
  await useClosedApiPort();
  const user = userEvent.setup();

  await user.click(screen.getByRole('button', { name: 'Edit Netflix' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Netflix' });
  await user.clear(within(dialog).getByLabelText(/Amount/));
  await user.type(within(dialog).getByLabelText(/Amount/), '20');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Failed to update Netflix: Cannot reach the Tally server. Check your connection.')).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/Amount/)).toHaveValue('20');
});

it('fetches the list again when a receipt is saved', async () => {
  const { store, server } = await seeded();
  await store.dispatch(receiptSaveApi.endpoints.saveReceipt.initiate({ store: 'Netflix', date: `${year}-04-03`, amount: 15.49 }));
  await waitFor(() => expect(server.requests.filter((r) => r.method === 'GET' && r.path === '/recurring')).toHaveLength(1));
});

it('explains what it takes when nothing was found', async () => {
  await seeded([]);
  expect(screen.getByText('No recurring bills found yet')).toBeInTheDocument();
  expect(screen.getByText(/about three months of receipts from the same store/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Scan a receipt' })).toHaveAttribute('href', '/receipts/scan');
  expect(screen.queryByRole('heading', { name: 'To review' })).not.toBeInTheDocument();
});

it('says when the list cannot be loaded', async () => {
  await useClosedApiPort();
  renderScreen(<RecurringPage />, { route: '/recurring' });
  expect(await screen.findByText('Failed to load recurring bills')).toBeInTheDocument();
});
