import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HouseholdsPage from '../../../../src/client/features/households/HouseholdsPage';
import { mutationCount, renderScreen } from '../../ui/renderScreen';
import { household, summary } from './builders';
import { refusal, startHouseholdServer } from './householdServer';

/** Opens New household and submits the name as typed. */
async function submitNew(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: 'New household' }));
  const dialog = screen.getByRole('dialog', { name: 'New household' });
  await user.type(within(dialog).getByLabelText(/Household name/), name);
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  return dialog;
}

let server: Awaited<ReturnType<typeof startHouseholdServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it('says what a household is for when there is none, and creates one with the name trimmed', async () => {
  server = await startHouseholdServer({
    'GET /api/households': { status: 200, body: [] },
    'POST /api/households': { status: 201, body: household({ _id: 'h9', name: 'Summer trip' }) },
  });
  const { router } = renderScreen(<HouseholdsPage />, { route: '/households' });
  const user = userEvent.setup();
  expect(await screen.findByText(/You are in no household yet\. A household is for money you share with others/)).toBeInTheDocument();

  await submitNew(user, '  Summer trip ');

  await waitFor(() => expect(router.state.location.pathname).toBe('/households/h9'));
  expect(server.changes()).toEqual([{ sent: 'POST /api/households', body: { name: 'Summer trip' } }]);
  expect(await screen.findByText('Summer trip created')).toBeInTheDocument();
});

it('refuses a blank name without sending anything', async () => {
  server = await startHouseholdServer({ 'GET /api/households': { status: 200, body: [] } });
  const { store } = renderScreen(<HouseholdsPage />, { route: '/households' });
  const user = userEvent.setup();
  const dialog = await submitNew(user, '   ');
  expect(within(dialog).getByText('Give the household a name.')).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/Household name/)).toHaveAttribute('maxlength', '60');
  expect(mutationCount(store)).toBe(0);
});

it('lists my households with my role and the member count, each a link to its page', async () => {
  server = await startHouseholdServer({
    'GET /api/households': {
      status: 200,
      body: [summary({ member_count: 3 }), summary({ _id: 'h2', name: 'Summer trip', my_role: 'member', member_count: 1 })],
    },
  });
  renderScreen(<HouseholdsPage />, { route: '/households' });
  const list = await screen.findByRole('list', { name: 'My households' });
  const links = within(list).getAllByRole('link');
  expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
    ['Flat 4BOwner · 3 members', '/households/h1'],
    ['Summer tripMember · 1 member', '/households/h2'],
  ]);
});

it('shows the API’s refusal in the dialog and stays there', async () => {
  const tooMany = 'You can be in at most 20 households. Leave one first.';
  server = await startHouseholdServer({
    'GET /api/households': { status: 200, body: [summary()] },
    'POST /api/households': refusal(400, tooMany),
  });
  const { router } = renderScreen(<HouseholdsPage />, { route: '/households' });
  const user = userEvent.setup();
  const dialog = await submitNew(user, 'One more');
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Failed to create the household: ${tooMany}`);
  expect(router.state.location.pathname).toBe('/households');
});
