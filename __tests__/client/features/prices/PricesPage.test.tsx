import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PricesPage from '../../../../src/client/features/prices/PricesPage';
import { renderScreen } from '../../ui/renderScreen';
import { startPricesServer } from './pricesServer';

let server: Awaited<ReturnType<typeof startPricesServer>> | undefined;
// jsdom has no canvas: Chart.js reports that it cannot draw, which is expected here (the
// browser tests look at the drawn chart). Any other console error fails the test.
let consoleErrors: string[];
beforeEach(() => {
  consoleErrors = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(String).join(' '));
  });
});
afterEach(async () => {
  jest.restoreAllMocks();
  await server?.close();
  server = undefined;
  expect(consoleErrors.filter((e) => !/getContext|can't acquire context/.test(e))).toEqual([]);
});

type User = ReturnType<typeof userEvent.setup>;

/** Opens Prices over the stand-in and picks `item` from the item search. */
async function showItem(user: User, item: string) {
  server = await startPricesServer();
  renderScreen(<PricesPage />, { route: '/prices' });
  await user.type(screen.getByRole('combobox', { name: 'Item' }), item.slice(0, 3));
  await user.click(await screen.findByRole('option', { name: item }));
  await screen.findByRole('heading', { level: 2, name: item });
}

const groupings = () =>
  server!.requests
    .filter((r) => r.method === 'PUT' || r.method === 'DELETE')
    .map((r) => `${r.method} ${r.query ? `?${r.query}` : ''}${r.body ? JSON.stringify(r.body) : ''}`);

it('groups the item shown with another of the person’s names, and lists the names its prices include', async () => {
  const user = userEvent.setup();
  await showItem(user, 'Milk 2%');
  expect(screen.queryByRole('list', { name: 'Names of Milk 2%' })).not.toBeInTheDocument();

  // The names offered are the person's others, not the item's own.
  await user.type(screen.getByRole('combobox', { name: 'Same product as…' }), 'm');
  expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['MILK 2% 1GAL', 'GV 2% MLK GAL', 'Tea']);
  const group = screen.getByRole('button', { name: 'Group' });
  expect(group).toBeDisabled();
  await user.click(screen.getByRole('option', { name: 'GV 2% MLK GAL' }));
  await user.click(group);

  // The focus follows into the product, not back to the page's top.
  await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'GV 2% MLK GAL' })).toHaveFocus());
  expect(groupings()).toEqual(['PUT {"item":"Milk 2%","same_as":"GV 2% MLK GAL"}']);
  const names = screen.getByRole('list', { name: 'Names of GV 2% MLK GAL' });
  expect(screen.getByText('Includes 2 names:')).toBeInTheDocument();
  expect(
    within(names)
      .getAllByRole('listitem')
      .map((li) => li.firstChild!.textContent),
  ).toEqual(['GV 2% MLK GAL', 'Milk 2%']);
  expect(within(names).getByRole('button', { name: 'Not the same product: Milk 2%' })).toBeEnabled();
  expect(await screen.findByText('Milk 2% and GV 2% MLK GAL are now one product: GV 2% MLK GAL')).toBeInTheDocument();
  // The search field is ready for the next name.
  expect(screen.getByRole('combobox', { name: 'Same product as…' })).toHaveValue('');
});

it('takes a name out again with ‘Not the same product’', async () => {
  const user = userEvent.setup();
  await showItem(user, 'Milk 2%');
  await user.click(await screen.findByRole('button', { name: 'Same product as MILK 2% 1GAL' }));
  const names = await screen.findByRole('list', { name: 'Names of MILK 2% 1GAL' });

  // The screen follows the product: what is left of it shows.
  await user.click(within(names).getByRole('button', { name: 'Not the same product: Milk 2%' }));
  await waitFor(() => expect(screen.queryByRole('list', { name: /^Names of/ })).not.toBeInTheDocument());
  // The button pressed went with its name: the product's heading has the focus.
  expect(screen.getByRole('heading', { level: 2, name: 'MILK 2% 1GAL' })).toHaveFocus();
  expect(groupings()).toEqual(['PUT {"item":"Milk 2%","same_as":"MILK 2% 1GAL"}', 'DELETE ?item=Milk+2%25']);
  expect(await screen.findByText('Milk 2% is its own product again')).toBeInTheDocument();
});

it('offers the names that look like the same product, one click each, and only those', async () => {
  const user = userEvent.setup();
  await showItem(user, 'Milk 2%');
  const maybe = await screen.findByRole('list', { name: 'Maybe the same product' });
  expect(screen.getByRole('heading', { level: 3, name: 'Maybe the same product' })).toBeInTheDocument();
  expect(
    within(maybe)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label')),
  ).toEqual(['Same product as MILK 2% 1GAL']);
  // Nothing is grouped until the person says so.
  expect(groupings()).toEqual([]);

  await user.click(within(maybe).getByRole('button', { name: 'Same product as MILK 2% 1GAL' }));
  await screen.findByRole('list', { name: 'Names of MILK 2% 1GAL' });
  await waitFor(() => expect(screen.queryByRole('list', { name: 'Maybe the same product' })).not.toBeInTheDocument());
});

it('says why a grouping was refused, and changes nothing on the screen', async () => {
  const user = userEvent.setup();
  await showItem(user, 'Tea');
  server!.refuse("You have no item named 'Green tea'. Nothing was changed.");
  await user.type(screen.getByRole('combobox', { name: 'Same product as…' }), 'Mil');
  await user.click(await screen.findByRole('option', { name: 'Milk 2%' }));
  await user.click(screen.getByRole('button', { name: 'Group' }));
  expect(await screen.findByText("Could not group the names: You have no item named 'Green tea'. Nothing was changed.")).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Tea' })).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: /^Names of/ })).not.toBeInTheDocument();
  // The choice stays, to try again.
  expect(screen.getByRole('combobox', { name: 'Same product as…' })).toHaveValue('Milk 2%');
});
