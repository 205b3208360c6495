import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router-dom';
import { UnsavedChangesProvider } from '../../../../src/client/ui/unsavedChanges/UnsavedChangesProvider';
import { useUnsavedChangesGuard } from '../../../../src/client/ui/unsavedChanges/useUnsavedChangesGuard';

/** A form with one field: edited when it is not empty; Save resolves or fails as asked. */
function NoteForm({ saveFails = false }: { saveFails?: boolean }) {
  const [note, setNote] = useState('');
  const navigate = useNavigate();
  const guard = useUnsavedChangesGuard(note !== '');
  const save = async () => {
    await Promise.resolve();
    if (saveFails) throw new Error('Failed to save');
    navigate('/elsewhere');
  };
  return (
    <>
      <label>
        Note
        <input value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <button onClick={() => void guard.leaveWithoutAsking(save).catch(() => undefined)}>Save</button>
      <button onClick={() => guard.leaveWithoutAsking(() => navigate('/elsewhere'))}>Cancel</button>
    </>
  );
}

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

/** Screens under the provider, as in the signed-in frame. */
function renderScreens(screens: { path: string; element: React.ReactNode }[], at = '/form') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <UnsavedChangesProvider>
            <Outlet />
          </UnsavedChangesProvider>
        ),
        children: [...screens, { path: '*', Component: Where }],
      },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

function renderForm(props: { saveFails?: boolean } = {}) {
  return renderScreens([{ path: '/form', element: <NoteForm {...props} /> }]);
}

const question = () => screen.queryByRole('dialog', { name: 'Discard changes?' });

it('lets an untouched form go without a question', async () => {
  const { user } = renderForm();
  await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
  expect(await screen.findByText('at /elsewhere')).toBeInTheDocument();
  expect(question()).not.toBeInTheDocument();
});

it('asks before a link takes the edits away: Stay keeps them, Leave goes', async () => {
  const { user } = renderForm();
  await user.type(screen.getByLabelText('Note'), 'milk');
  await user.click(screen.getByRole('link', { name: 'Elsewhere' }));

  const dialog = await screen.findByRole('dialog', { name: 'Discard changes?' });
  expect(dialog).toHaveAccessibleDescription('You have unsaved changes. Leave this page and lose them?');
  await user.click(screen.getByRole('button', { name: 'Stay' }));
  await waitFor(() => expect(question()).not.toBeInTheDocument());
  expect(screen.getByLabelText('Note')).toHaveValue('milk');
  expect(screen.queryByText('at /elsewhere')).not.toBeInTheDocument();

  await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
  await user.click(await screen.findByRole('button', { name: 'Leave' }));
  expect(await screen.findByText('at /elsewhere')).toBeInTheDocument();
});

it('asks on the browser back button too', async () => {
  const { router, user } = renderForm();
  await act(() => router.navigate('/elsewhere'));
  await act(() => router.navigate('/form'));
  await user.type(screen.getByLabelText('Note'), 'milk');
  await act(() => router.navigate(-1));
  expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeInTheDocument();
  expect(screen.getByLabelText('Note')).toHaveValue('milk');
});

it('does not ask when a save leaves', async () => {
  const { user } = renderForm();
  await user.type(screen.getByLabelText('Note'), 'milk');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('at /elsewhere')).toBeInTheDocument();
  expect(question()).not.toBeInTheDocument();
});

it('does not ask when Cancel discards', async () => {
  const { user } = renderForm();
  await user.type(screen.getByLabelText('Note'), 'milk');
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(await screen.findByText('at /elsewhere')).toBeInTheDocument();
  expect(question()).not.toBeInTheDocument();
});

it('guards again after a failed save', async () => {
  const { user } = renderForm({ saveFails: true });
  await user.type(screen.getByLabelText('Note'), 'milk');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
  expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeInTheDocument();
});

it("brings up the browser's prompt on reload or close only while edited", async () => {
  const { user } = renderForm();
  const unload = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };
  expect(unload()).toBe(false);
  await user.type(screen.getByLabelText('Note'), 'milk');
  expect(unload()).toBe(true);
  await user.clear(screen.getByLabelText('Note'));
  expect(unload()).toBe(false);
});

it('asks for either of two forms on one screen (a router consults only one blocker)', async () => {
  function Labelled({ label }: { label: string }) {
    const [text, setText] = useState('');
    useUnsavedChangesGuard(text !== '');
    return (
      <label>
        {label}
        <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
    );
  }
  const { user } = renderScreens([
    {
      path: '/form',
      element: (
        <>
          <Labelled label="First" />
          <Labelled label="Second" />
          <Link to="/elsewhere">Elsewhere</Link>
        </>
      ),
    },
  ]);
  for (const field of ['First', 'Second']) {
    await user.type(screen.getByLabelText(field), 'x');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    await user.clear(screen.getByLabelText(field));
  }
  await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
  expect(await screen.findByText('at /elsewhere')).toBeInTheDocument();
});
