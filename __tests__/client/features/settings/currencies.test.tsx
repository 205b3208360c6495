import http from 'node:http';
import type net from 'node:net';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { Settings } from '../../../../src/shared/settings';
import type { CurrencyRateList } from '../../../../src/shared/currencyRates';
import { makeStore } from '../../../../src/client/app/store';
import { setClientConfig } from '../../../../src/client/app/config';
import { signedIn } from '../../../../src/client/auth/sessionSlice';
import { settingsApi } from '../../../../src/client/features/settings/settingsApi';
import { ratesApi } from '../../../../src/client/entities/currency/ratesApi';
import { CurrenciesSection } from '../../../../src/client/features/settings/CurrenciesSection';
import { SettingsSync } from '../../../../src/client/features/settings/SettingsSync';
import SettingsPage from '../../../../src/client/features/settings/SettingsPage';
import { newRateRow, rateRows, toRateList, validateRateRows } from '../../../../src/client/features/settings/rateRows';
import { DISPLAY_CURRENCY_STORAGE_KEY, displayCurrency, formatMoney, setDisplayCurrency } from '../../../../src/client/ui/money';
import { mutationCount, NO_SERVER, recordRequests, renderScreen, useClosedApiPort } from '../../ui/renderScreen';

const usd: Settings = { theme: 'system', date_order: 'MDY', home_currency: 'USD', time_zone: null };
const table: CurrencyRateList = [
  { currency: 'MYR', rate: 0.213, valid_from: '2026-01-01' },
  { currency: 'EUR', rate: 1.08, valid_from: '2026-02-01' },
];

beforeEach(useClosedApiPort);
afterEach(() => {
  setDisplayCurrency('USD');
  jest.restoreAllMocks();
});

async function seededStore(settings: Settings = usd, rates: CurrencyRateList = table) {
  const store = makeStore();
  await store.dispatch(settingsApi.util.upsertQueryData('getSettings', undefined, settings));
  await store.dispatch(ratesApi.util.upsertQueryData('getCurrencyRates', undefined, rates));
  return store;
}

/** A local API that answers PUT /api/settings with `status` and `body`, as the real one would. */
async function answeringApi(status: number, body: unknown): Promise<() => Promise<void>> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(req.method === 'PUT' && req.url === '/api/settings' ? status : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  setClientConfig({ apiUrl: `http://127.0.0.1:${port}`, firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' }, authEmulatorUrl: null });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('rate rows', () => {
  it('reads the table as rows and writes the rows back as the table', () => {
    const rows = rateRows([{ currency: 'JPY', rate: 0.0000067, valid_from: '2026-03-01' }]);
    expect(rows[0]).toMatchObject({ currency: 'JPY', rate: '0.0000067', valid_from: '2026-03-01' });
    expect(toRateList(rows)).toEqual([{ currency: 'JPY', rate: 0.0000067, valid_from: '2026-03-01' }]);
  });

  it('names each wrong field: currency, rate, date, one rate per currency and day', () => {
    const empty = { ...newRateRow('2026-03-01'), valid_from: '' };
    const home = { ...newRateRow('2026-03-01'), currency: 'USD', rate: '1' };
    const unknown = { ...newRateRow('2026-03-01'), currency: 'XYZ', rate: '-2' };
    const first = { ...newRateRow('2026-03-01'), currency: 'MYR', rate: '0.21' };
    const twice = { ...newRateRow('2026-03-01'), currency: 'MYR', rate: '0.22' };
    const later = { ...newRateRow('2026-04-01'), currency: 'MYR', rate: '0.123456789' };
    expect(validateRateRows([empty, home, unknown, first, twice, later], 'USD')).toEqual({
      [empty.key]: { currency: 'Choose a currency', rate: 'Rate is required', valid_from: 'Enter a valid date' },
      [home.key]: { currency: 'USD is your home currency: it needs no rate' },
      [unknown.key]: { currency: 'XYZ is not a currency code Tally knows', rate: 'Rate must be a number greater than 0 with at most 8 decimals' },
      [twice.key]: { valid_from: 'Another row has MYR from this day: keep one' },
      [later.key]: { rate: 'Rate must be a number greater than 0 with at most 8 decimals' },
    });
    expect(validateRateRows([first], 'USD')).toEqual({});
  });
});

describe('display currency', () => {
  it("follows the account's home currency once it is known, keeps a copy on the device, and refetches what shows money", async () => {
    const store = await seededStore({ ...usd, home_currency: 'EUR' });
    store.dispatch(signedIn({ uid: 'u1', email: 'a@b.co', displayName: null, photoURL: null, emailVerified: true }));
    const sent = recordRequests();
    render(
      <Provider store={store}>
        <SettingsSync />
      </Provider>,
    );
    await waitFor(() => expect(displayCurrency()).toBe('EUR'));
    expect(localStorage.getItem(DISPLAY_CURRENCY_STORAGE_KEY)).toBe('EUR');
    expect(formatMoney(1234.5)).toBe('€1,234.50');
    // The rates table is among what a new currency invalidates ('Settings' is not: it just came).
    expect(sent.some((r) => r.method === 'GET' && r.path === '/api/settings')).toBe(false);
  });
});

describe('CurrenciesSection', () => {
  it('shows the home currency and the rates table as labelled rows', async () => {
    renderScreen(<CurrenciesSection />, { route: '/settings', store: await seededStore() });
    expect(screen.getByRole('heading', { level: 2, name: 'Currencies' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Home currency' })).toHaveValue('USD · US Dollar');
    const first = within(screen.getByRole('group', { name: 'Rate 1' }));
    expect(first.getByRole('combobox', { name: /^Currency/ })).toHaveValue('MYR · Malaysian Ringgit');
    expect(first.getByLabelText(/^USD for 1/)).toHaveValue('0.213');
    expect(first.getByLabelText(/^Valid from/)).toHaveValue('2026-01-01');
    expect(within(screen.getByRole('group', { name: 'Rate 2' })).getByLabelText(/^USD for 1/)).toHaveValue('1.08');
  });

  it('checks new rows before sending, then sends the whole table, and says why a save failed', async () => {
    const { store } = renderScreen(<CurrenciesSection />, { route: '/settings', store: await seededStore() });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove rate 2' }));
    await user.click(screen.getByRole('button', { name: 'Add a rate' }));
    const added = within(screen.getByRole('group', { name: 'Rate 2' }));
    await user.type(added.getByLabelText(/^USD for 1/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(added.getByRole('combobox', { name: /^Currency/ })).toHaveAccessibleDescription('Choose a currency');
    expect(added.getByLabelText(/^USD for 1/)).toHaveAccessibleDescription('Rate must be a number greater than 0 with at most 8 decimals');
    expect(mutationCount(store)).toBe(0);

    await user.type(added.getByRole('combobox', { name: /^Currency/ }), 'JPY');
    await user.click(screen.getByRole('option', { name: 'JPY · Japanese Yen' }));
    await user.clear(added.getByLabelText(/^USD for 1/));
    await user.type(added.getByLabelText(/^USD for 1/), '0.0067');
    await user.clear(added.getByLabelText(/^Valid from/));
    await user.type(added.getByLabelText(/^Valid from/), '2026-03-01');
    const sent = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Failed to save rates: ${NO_SERVER}`);
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/currency-rates',
        body: [
          { currency: 'MYR', rate: 0.213, valid_from: '2026-01-01' },
          { currency: 'JPY', rate: 0.0067, valid_from: '2026-03-01' },
        ],
      },
    ]);
  });

  it('asks before a new home currency, checks the rate typed, and shows why the server refused', async () => {
    const close = await answeringApi(400, { message: 'No rate from MYR to EUR: give home_currency_rate' });
    try {
      renderScreen(<CurrenciesSection />, { route: '/settings', store: await seededStore() });
      const user = userEvent.setup();
      const home = screen.getByRole('combobox', { name: 'Home currency' });
      await user.clear(home);
      await user.type(home, 'euro');
      await user.click(screen.getByRole('option', { name: 'EUR · Euro' }));

      const dialog = within(screen.getByRole('dialog', { name: 'Change your home currency to EUR?' }));
      expect(screen.getByRole('dialog')).toHaveAccessibleDescription(/what each comes to in EUR is recomputed/);
      await user.type(dialog.getByLabelText('1 USD in EUR'), '-1');
      await user.click(dialog.getByRole('button', { name: 'Change to EUR' }));
      expect(dialog.getByLabelText('1 USD in EUR')).toHaveAccessibleDescription('Rate must be a number greater than 0 with at most 8 decimals');

      await user.clear(dialog.getByLabelText('1 USD in EUR'));
      await user.click(dialog.getByRole('button', { name: 'Change to EUR' }));
      expect(await dialog.findByRole('alert')).toHaveTextContent('Failed to change the home currency: No rate from MYR to EUR: give home_currency_rate');
      expect(displayCurrency()).toBe('USD');

      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('combobox', { name: 'Home currency' })).toHaveValue('USD · US Dollar');
    } finally {
      await close();
    }
  });

  it('changes the home currency with the rate given, and shows sums in it', async () => {
    const close = await answeringApi(200, { ...usd, home_currency: 'EUR' });
    try {
      const sent = recordRequests();
      const { store } = renderScreen(<CurrenciesSection />, { route: '/settings', store: await seededStore() });
      const user = userEvent.setup();
      const home = screen.getByRole('combobox', { name: 'Home currency' });
      await user.clear(home);
      await user.type(home, 'EUR');
      await user.click(screen.getByRole('option', { name: 'EUR · Euro' }));
      const dialog = within(screen.getByRole('dialog'));
      await user.type(dialog.getByLabelText('1 USD in EUR'), '0.92');
      await user.click(dialog.getByRole('button', { name: 'Change to EUR' }));
      await waitFor(() => expect(store.getState().toasts[0]?.message).toBe('Home currency changed to EUR'));
      expect(sent[0]).toEqual({ method: 'PUT', path: '/api/settings', body: { home_currency: 'EUR', home_currency_rate: 0.92 } });
      expect(displayCurrency()).toBe('EUR');
      expect(formatMoney(9.5)).toBe('€9.50');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // What depends on the home currency is fetched again (this API answers no GET: they settle as failures).
      await waitFor(() => expect(Object.values(store.getState().api.queries).some((q) => q?.status === 'pending')).toBe(false));
      expect(sent.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual(expect.arrayContaining(['/api/settings', '/api/currency-rates']));
    } finally {
      await close();
    }
  });
});

it('links the settings to the bank statement import', async () => {
  renderScreen(<SettingsPage />, { route: '/settings', store: await seededStore() });
  expect(screen.getByRole('heading', { level: 2, name: 'Import a bank statement' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Import a statement' })).toHaveAttribute('href', '/import');
});
