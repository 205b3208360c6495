import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HouseholdPage from '../../../../src/client/features/households/HouseholdPage';
import type { Balances, Debt, HistoryEntry, SharedReceipt } from '../../../../src/shared/households';
import { renderScreen } from '../../ui/renderScreen';
import { household, ME, member } from './builders';
import { refusal, startHouseholdServer } from './householdServer';

let server: Awaited<ReturnType<typeof startHouseholdServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const BEN = member({ _id: 'm-ben', display_name: 'Ben' });
const MIA = member({ _id: 'm-mia', display_name: 'Mia', status: 'placeholder' });
const FLAT = household({ members: [ME, BEN, MIA] });

const owes = (from: typeof ME, to: typeof ME, amount: number): Debt => ({
  from_member_id: from._id,
  from_name: from.display_name,
  to_member_id: to._id,
  to_name: to.display_name,
  amount,
  currency: 'USD',
});
const balances = (...debts: Debt[]): Balances => ({ my_member_id: ME._id, debts });

const COSTCO: SharedReceipt = {
  _id: 'r1',
  store: 'Costco',
  date: '2026-01-05',
  amount: 46.8,
  currency: 'USD',
  paid_by: BEN._id,
  shared_by: BEN._id,
  shares: [
    { member_id: ME._id, display_name: 'Robin', amount: 23.4, currency: 'USD', home_currency: null, home_amount: null },
    { member_id: BEN._id, display_name: 'Ben', amount: 23.4, currency: 'USD', home_currency: null, home_amount: null },
  ],
  created_at: '2026-01-05T10:00:00.000Z',
};

/** The household's page, its money answered as given; balances and history may change after a payment. */
async function open(money: {
  balances: () => Balances;
  receipts?: SharedReceipt[];
  history: () => HistoryEntry[];
  settle?: (body: unknown) => { status: number; body?: unknown };
}) {
  server = await startHouseholdServer({
    'GET /api/households/h1': { status: 200, body: FLAT },
    get 'GET /api/households/h1/balances'() {
      return { status: 200, body: money.balances() };
    },
    'GET /api/households/h1/receipts': { status: 200, body: money.receipts ?? [] },
    get 'GET /api/households/h1/history'() {
      return { status: 200, body: money.history() };
    },
    'POST /api/households/h1/settlements': money.settle ?? refusal(500, 'unexpected'),
  });
  renderScreen(<HouseholdPage />, { route: '/households/h1', path: '/households/:id' });
  await screen.findByRole('heading', { level: 1, name: 'Flat 4B' });
}

const list = (name: string) => screen.findByRole('list', { name });
const section = (name: string) => screen.getByRole('region', { name });

it('says so when nothing is shared, owed or recorded', async () => {
  await open({ balances: () => balances(), history: () => [] });
  await waitFor(() => expect(section('Balances')).toHaveTextContent('All settled up: nobody owes anything.'));
  await waitFor(() => expect(section('Shared receipts')).toHaveTextContent('No receipts are shared with this household yet.'));
  await waitFor(() => expect(section('History')).toHaveTextContent('Nothing has happened here yet'));
  expect(screen.queryByRole('button', { name: 'Settle up' })).not.toBeInTheDocument();
});

it('words each balance, offers settling up only mine, and lists the shared receipts', async () => {
  await open({
    balances: () => balances(owes(BEN, MIA, 5), owes(ME, BEN, 23.4)),
    receipts: [COSTCO],
    history: () => [{ kind: 'share', receipt: COSTCO }],
  });
  const lines = within(await list('Balances')).getAllByRole('listitem');
  expect(lines.map((l) => l.textContent)).toEqual(['You owe Ben $23.40Settle up', 'Ben owes Mia $5.00']);
  expect(within(lines[0]).getByRole('button', { name: 'Settle up' })).toHaveAccessibleDescription('You owe Ben $23.40');
  expect(within(await list('Shared receipts')).getByRole('listitem')).toHaveTextContent('CostcoJan 5, 2026 · Paid by Ben · Your share $23.40$46.80');
  expect(within(await list('History')).getByRole('listitem')).toHaveTextContent('Ben paid $46.80 at Costco');
});

it('settles up part of a balance from the full amount, then shows the new balance and the payment', async () => {
  let owed = 23.4;
  const paid: HistoryEntry[] = [];
  await open({
    balances: () => balances(owes(ME, BEN, owed)),
    history: () => paid,
    settle: (body) => {
      const { amount } = body as { amount: number };
      owed = Math.round((owed - amount) * 100) / 100;
      const settlement = {
        _id: 's1',
        from_member_id: ME._id,
        to_member_id: BEN._id,
        recorded_by: ME._id,
        amount,
        currency: 'USD',
        created_at: '2026-01-06T10:00:00.000Z',
      };
      paid.unshift({ kind: 'settlement', settlement });
      return { status: 201, body: settlement };
    },
  });
  const user = userEvent.setup();
  await user.click(within(await list('Balances')).getByRole('button', { name: 'Settle up' }));
  const dialog = screen.getByRole('dialog', { name: 'Settle up with Ben' });
  expect(dialog).toHaveAccessibleDescription('You owe Ben $23.40. Record what was paid: all of it, or part.');
  const amount = within(dialog).getByLabelText(/Amount paid/);
  expect(amount).toHaveValue('23.40');

  // The client keeps the server's rule: more than is owed is refused before anything is sent.
  await user.clear(amount);
  await user.type(amount, '30');
  await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
  expect(within(dialog).getByText('You owe Ben $23.40: record at most that.')).toBeInTheDocument();
  expect(server!.changes()).toEqual([]);

  await user.clear(amount);
  await user.type(amount, '10');
  await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(server!.changes()).toEqual([
    { sent: 'POST /api/households/h1/settlements', body: { from_member_id: ME._id, to_member_id: BEN._id, amount: 10, currency: 'USD' } },
  ]);
  await waitFor(() => expect(section('Balances')).toHaveTextContent('You owe Ben $13.40'));
  await waitFor(() => expect(section('History')).toHaveTextContent('You paid Ben $10.00'));
});

it('keeps a refused payment in its dialog with the API’s reason', async () => {
  await open({
    balances: () => balances(owes(BEN, ME, 8.1)),
    history: () => [],
    settle: () => refusal(400, 'Ben owes Robin $5.00: record at most that.'),
  });
  const user = userEvent.setup();
  await user.click(within(await list('Balances')).getByRole('button', { name: 'Settle up' }));
  const dialog = screen.getByRole('dialog', { name: 'Settle up with Ben' });
  expect(within(dialog).getByLabelText(/Amount paid/)).toHaveValue('8.10');
  await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to record the payment: Ben owes Robin $5.00: record at most that.');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(section('Balances')).toHaveTextContent('Ben owes you $8.10');
});
