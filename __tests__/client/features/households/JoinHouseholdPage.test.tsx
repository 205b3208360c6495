import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import JoinHouseholdPage from '../../../../src/client/features/households/JoinHouseholdPage';
import { renderScreen } from '../../ui/renderScreen';
import { household } from './builders';
import { refusal, startHouseholdServer } from './householdServer';
import { EMAIL_NOT_VERIFIED } from '../../../../src/shared/constants/errors';

let server: Awaited<ReturnType<typeof startHouseholdServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PREVIEW = 'GET /api/households/invitations/preview';
/** What the API reads of the invitation before it is answered. */
const FLAT_4B = { status: 200, body: { household_name: 'Flat 4B', invited_by: 'Ben', expires_at: '2026-01-12T10:00:00.000Z' } };

async function open(answers: Parameters<typeof startHouseholdServer>[0], route = '/households/join#tok3n') {
  server = await startHouseholdServer({ [PREVIEW]: FLAT_4B, ...answers });
  return renderScreen(<JoinHouseholdPage />, { route, path: '/households/join' });
}

it('names the household and who invited before Accept, reading the token from a header', async () => {
  await open({});
  expect(await screen.findByRole('heading', { level: 2, name: 'Join Flat 4B' })).toBeInTheDocument();
  expect(screen.getByText('Ben invited you. The link works until Jan 12, 2026.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  const [read] = server!.requests;
  expect([read.method, read.path, read.headers['x-invitation-token']]).toEqual(['GET', '/api/households/invitations/preview', 'tok3n']);
  expect(server!.changes()).toEqual([]);
});

it.each([
  [409, 'This invitation has already been answered.'],
  [400, 'This invitation has expired. Ask for a new one.'],
  [404, 'This invitation link is not valid.'],
  [403, 'This invitation was sent to another e-mail address. Sign in with that address to accept it.'],
])('shows a %s refusal to read the link as the API words it, with nothing to answer', async (status, message) => {
  await open({ [PREVIEW]: refusal(status, message) });
  expect(await screen.findByRole('alert')).toHaveTextContent(`Could not open the invitation: ${message}`);
  expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to my households' })).toBeInTheDocument();
  expect(server!.changes()).toEqual([]);
});

it('accepts with the token of the link and opens the household', async () => {
  const { router } = await open({ 'POST /api/households/invitations/accept': { status: 200, body: household({ _id: 'h7', name: 'Flat 4B' }) } });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Accept' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/households/h7'));
  expect(server!.changes()).toEqual([{ sent: 'POST /api/households/invitations/accept', body: { token: 'tok3n' } }]);
  expect(await screen.findByText('You joined Flat 4B')).toBeInTheDocument();
});

it.each([
  [403, 'This invitation was sent to another e-mail address. Sign in with that address to accept it.'],
  [409, 'This invitation has already been answered.'],
  [400, 'This invitation has expired. Ask for a new one.'],
  [404, 'This invitation link is not valid.'],
])('shows the API’s %s refusal as it words it', async (status, message) => {
  const { router } = await open({ 'POST /api/households/invitations/accept': refusal(status, message) });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Accept' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(`Could not accept the invitation: ${message}`);
  expect(router.state.location.pathname).toBe('/households/join');
});

it('declines and says nothing was shared', async () => {
  await open({ 'POST /api/households/invitations/decline': { status: 204 } });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Decline' }));
  expect(await screen.findByRole('status')).toHaveTextContent('You declined the invitation. Nothing was shared with you.');
  expect(server!.changes()).toEqual([{ sent: 'POST /api/households/invitations/decline', body: { token: 'tok3n' } }]);
});

it('says what to do with a link that lost its token, and sends nothing', async () => {
  await open({}, '/households/join');
  expect(screen.getByRole('alert')).toHaveTextContent('This link holds no invitation. Open the whole link you were sent, or ask for a new one.');
  expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  expect(server!.requests).toEqual([]);
});

describe('an address not yet verified', () => {
  const WORDS = 'Verify your e-mail address first, then open the invitation link again.';
  const UNVERIFIED = refusal(403, WORDS, EMAIL_NOT_VERIFIED);

  it('goes to the steps at once when reading the link is refused for it', async () => {
    await open({ [PREVIEW]: UNVERIFIED });
    expect(await screen.findByRole('heading', { level: 2, name: 'Verify your e-mail' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Flat 4B/)).not.toBeInTheDocument();
  });

  it('knows the refusal by its code, not its words', async () => {
    await open({ 'POST /api/households/invitations/accept': refusal(403, WORDS) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Could not accept the invitation: ${WORDS}`);
    expect(screen.queryByRole('heading', { name: 'Verify your e-mail' })).not.toBeInTheDocument();
  });

  it.each([
    ['Accept', 'accept'],
    ['Decline', 'decline'],
  ])('turns the refusal of %s into the steps to verify it', async (button, route) => {
    await open({ [`POST /api/households/invitations/${route}`]: UNVERIFIED });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Verify your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(/only from the address it was sent to, once that address is verified/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send verification e-mail' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'I have verified it' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  // No identity provider runs beside these tests, so its calls fail for real: the page says so and
  // does not try the invitation again with a token that cannot say the address is verified.
  async function refusedThenPress(button: string) {
    await open({ 'POST /api/households/invitations/accept': UNVERIFIED });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await user.click(await screen.findByRole('button', { name: button }));
  }

  it('says when the verification e-mail cannot be sent', async () => {
    await refusedThenPress('Send verification e-mail');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not send the verification e-mail');
    expect(screen.queryByText(/Verification e-mail sent/)).not.toBeInTheDocument();
  });

  it('says when the address cannot be checked, and asks nothing of the API again', async () => {
    await refusedThenPress('I have verified it');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not check your address');
    expect(server!.changes()).toEqual([{ sent: 'POST /api/households/invitations/accept', body: { token: 'tok3n' } }]);
    expect(screen.getByRole('button', { name: 'I have verified it' })).toBeEnabled();
  });
});
