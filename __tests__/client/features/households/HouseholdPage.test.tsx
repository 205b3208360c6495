import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HouseholdPage from '../../../../src/client/features/households/HouseholdPage';
import { renderScreen } from '../../ui/renderScreen';
import { household, ME, member } from './builders';
import { refusal, startHouseholdServer } from './householdServer';

let server: Awaited<ReturnType<typeof startHouseholdServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const BEN = member({ _id: 'm-ben', display_name: 'Ben', joined_at: '2026-01-06T10:00:00.000Z' });
const MIA = member({ _id: 'm-mia', display_name: 'Mia', status: 'placeholder' });
const SAM = member({ _id: 'm-sam', display_name: 'Sam', status: 'former', left_at: '2026-02-03T09:00:00.000Z' });
const FLAT = household({ members: [ME, BEN, MIA, SAM] });

function open(answers: Parameters<typeof startHouseholdServer>[0], route = '/households/h1') {
  return startHouseholdServer(answers).then((s) => {
    server = s;
    return renderScreen(<HouseholdPage />, { route, path: '/households/:id' });
  });
}

/** Clicks a button of the page and answers the dialog it opens. */
async function openDialog(user: ReturnType<typeof userEvent.setup>, button: string, dialog: string) {
  await user.click(await screen.findByRole('button', { name: button }));
  return screen.getByRole('dialog', { name: dialog });
}

const row = (name: RegExp) =>
  within(screen.getByRole('list', { name: 'Members' }))
    .getByText(name)
    .closest('li')!;

it('lists signed-in members, placeholders and former members, and lets the owner remove current ones', async () => {
  await open({ 'GET /api/households/h1': { status: 200, body: FLAT } });
  expect(await screen.findByRole('heading', { level: 1, name: 'Flat 4B' })).toBeInTheDocument();
  expect(screen.getByText('You are its owner · 3 members')).toBeInTheDocument();
  expect(row(/Robin \(you\)/)).toHaveTextContent('Owner');
  expect(row(/^Ben$/)).toHaveTextContent('Member');
  expect(row(/^Mia$/)).toHaveTextContent('Placeholder · does not sign in');
  expect(row(/^Sam$/)).toHaveTextContent('Former member · left Feb 3, 2026');
  expect(screen.getAllByRole('button', { name: /^Remove / }).map((b) => b.getAttribute('aria-label'))).toEqual(['Remove Ben', 'Remove Mia']);
  for (const name of ['Rename', 'Leave', 'Delete', 'Add a person', 'Invite by e-mail']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
});

it('offers a member neither rename, delete nor remove', async () => {
  const asBen = household({
    members: [
      { ...ME, is_me: false },
      { ...BEN, is_me: true },
    ],
  });
  await open({ 'GET /api/households/h1': { status: 200, body: asBen } });
  await screen.findByText('You are its member · 2 members');
  expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
});

it('invites by e-mail and shows the link once, with what to do with it', async () => {
  const link = 'http://localhost:3000/households/join#tok3n';
  await open({
    'GET /api/households/h1': { status: 200, body: FLAT },
    'POST /api/households/h1/invitations': { status: 201, body: { _id: 'i1', email: 'ben@example.com', expires_at: '2026-03-10T10:00:00.000Z', link } },
  });
  const user = userEvent.setup();
  const form = await openDialog(user, 'Invite by e-mail', 'Invite by e-mail');
  await user.type(within(form).getByLabelText(/E-mail address/), 'ben@example');
  await user.click(within(form).getByRole('button', { name: 'Create link' }));
  expect(within(form).getByText('Enter the e-mail address to invite, like name@example.com.')).toBeInTheDocument();
  await user.type(within(form).getByLabelText(/E-mail address/), '.com');
  await user.click(within(form).getByRole('button', { name: 'Create link' }));

  const shown = await screen.findByRole('dialog', { name: 'Invitation link' });
  expect(within(shown).getByLabelText('Link')).toHaveValue(link);
  expect(shown).toHaveAccessibleDescription(
    'Tally sends no e-mail: send this link to ben@example.com yourself. It works once, for that address only, until Mar 10, 2026. It is shown only now.',
  );
  expect(server!.changes()).toEqual([{ sent: 'POST /api/households/h1/invitations', body: { email: 'ben@example.com' } }]);
  // user-event gives the page a clipboard, as a browser does.
  await user.click(within(shown).getByRole('button', { name: 'Copy link' }));
  expect(await within(shown).findByText('Link copied.')).toBeInTheDocument();
  await user.click(within(shown).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it('adds a placeholder and shows the household as the API answers it', async () => {
  await open({
    'GET /api/households/h1': { status: 200, body: household({ members: [ME] }) },
    'POST /api/households/h1/members': { status: 201, body: household({ members: [ME, MIA] }) },
  });
  const user = userEvent.setup();
  const form = await openDialog(user, 'Add a person', 'Add a person');
  await user.type(within(form).getByLabelText(/Name/), 'Mia');
  await user.click(within(form).getByRole('button', { name: 'Add' }));
  expect(await screen.findByText('Mia added')).toBeInTheDocument();
  expect(server!.changes()).toEqual([{ sent: 'POST /api/households/h1/members', body: { display_name: 'Mia' } }]);
});

it('says who owns the household after its owner leaves, and what happens to shared receipts', async () => {
  const { router } = await open({ 'GET /api/households/h1': { status: 200, body: FLAT }, 'POST /api/households/h1/leave': { status: 204 } });
  const user = userEvent.setup();
  const dialog = await openDialog(user, 'Leave', 'Leave Flat 4B?');
  expect(dialog).toHaveTextContent('The shared receipts you paid or took part in stay with the household under your name as a former member');
  expect(dialog).toHaveTextContent('Ben becomes its owner.');
  await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/households'));
  expect(server!.changes()).toEqual([{ sent: 'POST /api/households/h1/leave', body: undefined }]);
});

it('warns the last signed-in member that leaving deletes the household', async () => {
  await open({ 'GET /api/households/h1': { status: 200, body: household({ members: [ME, MIA] }) } });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Leave' }));
  expect(screen.getByRole('dialog', { name: 'Leave Flat 4B?' })).toHaveTextContent(
    'You are the last member of Flat 4B who signs in, so leaving deletes it for good, with everything it shares.',
  );
});

it('keeps a refused removal in its dialog with the API’s reason', async () => {
  const onlyOwner = 'Only the household’s owner can remove members.';
  await open({ 'GET /api/households/h1': { status: 200, body: FLAT }, 'DELETE /api/households/h1/members/m-ben': refusal(403, onlyOwner) });
  const user = userEvent.setup();
  const dialog = await openDialog(user, 'Remove Ben', 'Remove Ben from Flat 4B?');
  expect(dialog).toHaveTextContent('Ben will be listed as a former member. The shared receipts they paid or took part in stay with the household');
  await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Failed to remove the member: ${onlyOwner}`);
});

it('deletes after saying that everything it shares goes for every member', async () => {
  const { router } = await open({ 'GET /api/households/h1': { status: 200, body: FLAT }, 'DELETE /api/households/h1': { status: 204 } });
  const user = userEvent.setup();
  const dialog = await openDialog(user, 'Delete', 'Delete Flat 4B?');
  expect(dialog).toHaveTextContent("every receipt it shares, with the balances between you. Each person's own receipts stay theirs.");
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/households'));
});

it('renames from the current name', async () => {
  await open({
    'GET /api/households/h1': { status: 200, body: FLAT },
    'PUT /api/households/h1': (body) => ({ status: 200, body: { ...FLAT, name: (body as { name: string }).name } }),
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Rename' }));
  const field = within(screen.getByRole('dialog', { name: 'Rename household' })).getByLabelText(/Household name/);
  expect(field).toHaveValue('Flat 4B');
  await user.clear(field);
  await user.type(field, 'Flat 5C');
  await user.click(screen.getByRole('button', { name: 'Rename' }));
  expect(await screen.findByText('Household renamed')).toBeInTheDocument();
  expect(server!.changes()).toEqual([{ sent: 'PUT /api/households/h1', body: { name: 'Flat 5C' } }]);
});

it('says so when the household is not mine (or no longer)', async () => {
  await open({ 'GET /api/households/h1': refusal(404, 'Household not found') });
  expect(await screen.findByRole('alert')).toHaveTextContent('This household does not exist, or you are no longer a member of it.');
  expect(screen.getByRole('link', { name: 'Back to households' })).toHaveAttribute('href', '/households');
});
