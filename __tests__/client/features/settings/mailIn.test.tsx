import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MailIn, MailSendersBody } from '../../../../src/shared/mailIn';
import { MAX_ALLOWED_SENDERS } from '../../../../src/shared/constants/mailIn';
import { MailInSection } from '../../../../src/client/features/settings/MailInSection';
import { senderError } from '../../../../src/client/features/settings/senderForm';
import { renderScreen, useClosedApiPort } from '../../ui/renderScreen';
import { startStandInServer } from '../../ui/standInServer';

const FIRST = 'abcdefghijklmnopqrstuvwx@tally.localhost';
const SECOND = 'zyxwvutsrqponmlkjihgfedc@tally.localhost';

/** The mail-in routes as the contract says: a new address on POST, the list replaced on PUT. */
async function startMailInServer(initial: MailIn) {
  let state = { ...initial };
  const server = await startStandInServer(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/mail-in') return { status: 200, body: state };
    if (method === 'POST' && path === '/api/mail-in/address') {
      state = { ...state, address: SECOND };
      return { status: 200, body: state };
    }
    if (method === 'PUT' && path === '/api/mail-in/senders') {
      state = { ...state, allowed_senders: (body as MailSendersBody).senders };
      return { status: 200, body: state };
    }
    return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
  });
  return { ...server, writes: () => server.requests.filter((r) => r.method !== 'GET').map(({ method, path, body }) => ({ method, path, body })) };
}

let server: Awaited<ReturnType<typeof startMailInServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const section = () => screen.getByRole('region', { name: 'Receipts by e-mail' });

it('shows the address, copies it, and makes a new one after asking', async () => {
  server = await startMailInServer({ address: FIRST, own_email: 'robin@example.com', allowed_senders: [] });
  const user = userEvent.setup();
  renderScreen(<MailInSection />, { route: '/settings' });
  const field = await screen.findByRole('textbox', { name: 'Your receipts address' });
  expect(field).toHaveValue(FIRST);
  expect(field).toHaveAttribute('readonly');

  await user.click(within(section()).getByRole('button', { name: 'Copy' }));
  // user-event gives the page a clipboard, as a browser does; its text item is read as a Blob.
  const [copied] = await navigator.clipboard.read();
  expect(await (await copied.getType('text/plain')).text()).toBe(FIRST);

  await user.click(screen.getByRole('button', { name: 'Make a new address' }));
  const dialog = await screen.findByRole('dialog', { name: 'Make a new address?' });
  expect(dialog).toHaveTextContent(`Mail sent to ${FIRST} will be refused from now on`);
  // Cancelling changes nothing.
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(server.writes()).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Make a new address' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make a new address' }));
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your receipts address' })).toHaveValue(SECOND));
  expect(server.writes()).toEqual([{ method: 'POST', path: '/api/mail-in/address', body: undefined }]);
});

it('adds and removes allowed senders, refusing what is no address before anything is sent', async () => {
  server = await startMailInServer({ address: FIRST, own_email: 'robin@example.com', allowed_senders: ['shop@example.com'] });
  const user = userEvent.setup();
  renderScreen(<MailInSection />, { route: '/settings' });
  const list = await screen.findByRole('list', { name: 'Allowed senders' });
  expect(within(list).getByText('shop@example.com')).toBeInTheDocument();
  expect(section()).toHaveTextContent("Mail from your account's address (robin@example.com) and these addresses is read");

  const input = screen.getByRole('textbox', { name: 'Add a sender' });
  await user.type(input, 'not an address');
  await user.click(screen.getByRole('button', { name: 'Add' }));
  expect(await screen.findByText('Enter an e-mail address such as name@example.com')).toBeInTheDocument();
  expect(server.writes()).toEqual([]);

  await user.clear(input);
  await user.type(input, ' Partner@Example.com ');
  await user.click(screen.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(within(screen.getByRole('list', { name: 'Allowed senders' })).getByText('partner@example.com')).toBeInTheDocument());
  expect(input).toHaveValue('');

  await user.click(screen.getByRole('button', { name: 'Remove shop@example.com' }));
  await waitFor(() => expect(screen.queryByText('shop@example.com')).not.toBeInTheDocument());
  expect(server.writes()).toEqual([
    { method: 'PUT', path: '/api/mail-in/senders', body: { senders: ['shop@example.com', 'partner@example.com'] } },
    { method: 'PUT', path: '/api/mail-in/senders', body: { senders: ['partner@example.com'] } },
  ]);
});

it('says so when the address cannot be loaded', async () => {
  await useClosedApiPort();
  renderScreen(<MailInSection />, { route: '/settings' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your receipts address');
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

describe('senderError', () => {
  it('takes an address once, never the account’s own, up to the limit', () => {
    expect(senderError('a@example.com', 'me@example.com', [])).toBeNull();
    expect(senderError('  ', 'me@example.com', [])).toBe('Enter an e-mail address');
    expect(senderError('a@b', 'me@example.com', [])).toBe('Enter an e-mail address such as name@example.com');
    expect(senderError('ME@example.com', 'me@example.com', [])).toBe("Your account's own address is always allowed");
    expect(senderError('A@example.com', 'me@example.com', ['a@example.com'])).toBe('This address is already allowed');
    const full = Array.from({ length: MAX_ALLOWED_SENDERS }, (_, i) => `s${i}@example.com`);
    expect(senderError('new@example.com', 'me@example.com', full)).toBe(`At most ${MAX_ALLOWED_SENDERS} other senders`);
  });
});
