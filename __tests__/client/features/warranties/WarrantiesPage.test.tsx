import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WarrantyEntry, WarrantyList } from '../../../../src/shared/warranties';
import { addDays } from '../../../../src/shared/calendar';
import { todayIso } from '../../../../src/client/ui/dates';
import WarrantiesPage from '../../../../src/client/features/warranties/WarrantiesPage';
import { daysLeftText } from '../../../../src/client/features/warranties/warrantyText';
import { renderScreen } from '../../ui/renderScreen';
import { startStandInServer } from '../../ui/standInServer';

const today = todayIso();

function entry(fields: Partial<WarrantyEntry>): WarrantyEntry {
  return {
    receipt_id: 'r1',
    store: 'Best Buy',
    date: '2026-03-14',
    item: null,
    amount: 109,
    currency: 'USD',
    until: addDays(today, 24),
    original_url: null,
    ...fields,
  };
}

let server: Awaited<ReturnType<typeof startStandInServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The screen over a local API answering GET /api/warranties with `list`. */
async function open(list: WarrantyList) {
  server = await startStandInServer(({ path }) => (path === '/api/warranties' ? { status: 200, body: list } : { status: 404, body: { message: 'Not found' } }));
  return renderScreen(<WarrantiesPage />, { route: '/warranties' });
}

it('lists what can be returned and what is under warranty, with links to each receipt and its original', async () => {
  await open({
    returns: [entry({ item: 'Headphones', amount: 89 })],
    warranties: [
      entry({ receipt_id: 'r2', store: 'Camera Shop', until: '2029-03-14', amount: 300, original_url: 'http://127.0.0.1:1/blobs/receipts/u/a.png?sig=x' }),
      entry({ item: 'Headphones', amount: 89, until: '2027-03-14' }),
    ],
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Warranties' })).toBeInTheDocument();
  const returns = await screen.findByRole('list', { name: 'Can still be returned' });
  expect(
    within(returns)
      .getAllByRole('heading')
      .map((h) => h.textContent),
  ).toEqual(['Headphones']);
  expect(within(returns).getByText('24 days left')).toBeInTheDocument();
  expect(within(returns).getByText('Bought Best Buy, Mar 14, 2026')).toBeInTheDocument();
  expect(within(returns).getByRole('link', { name: 'Open receipt: Headphones' })).toHaveAttribute('href', '/receipts/r1');

  const warranties = screen.getByRole('list', { name: 'Under warranty' });
  expect(
    within(warranties)
      .getAllByRole('heading')
      .map((h) => h.textContent),
  ).toEqual(['Camera Shop', 'Headphones']);
  expect(within(warranties).getByText('Warranty until Mar 14, 2029')).toBeInTheDocument();
  expect(within(warranties).getByRole('link', { name: 'View original: Camera Shop (opens in a new tab)' })).toHaveAttribute(
    'href',
    'http://127.0.0.1:1/blobs/receipts/u/a.png?sig=x',
  );
  // The headphones' receipt has no original: no link to one.
  expect(within(warranties).getAllByRole('link', { name: /^View original/ })).toHaveLength(1);

  await userEvent.setup().click(within(returns).getByRole('link', { name: 'Open receipt: Headphones' }));
  expect(await screen.findByText('/receipts/r1')).toBeInTheDocument();
});

it('says how to add one when nothing is listed', async () => {
  await open({ returns: [], warranties: [] });
  expect(await screen.findByText(/Nothing can be returned right now/)).toBeInTheDocument();
  expect(screen.getByText(/Nothing is under warranty/)).toBeInTheDocument();
});

it('says how long is left from today: days, then months, then years', () => {
  const left = (days: number) => daysLeftText(addDays('2026-03-20', days), '2026-03-20');
  expect([left(0), left(1), left(30), left(60), left(61), left(400), left(731), left(3652)]).toEqual([
    'Last day today',
    '1 day left',
    '30 days left',
    '60 days left',
    '2 months left',
    '13 months left',
    '2 years left',
    '9 years left',
  ]);
});
