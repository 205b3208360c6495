import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { UnsavedChangesProvider } from '../../../../src/client/ui/unsavedChanges/UnsavedChangesProvider';
import type { Profile } from '../../../../src/shared/profile';
import { makeStore } from '../../../../src/client/app/store';
import { setClientConfig } from '../../../../src/client/app/config';
import { profileApi } from '../../../../src/client/features/profile/profileApi';
import ProfilePage from '../../../../src/client/features/profile/ProfilePage';
import { expectRevealed, watchScrolling } from '../../ui/revealed';
import { useClosedApiPort } from '../../ui/renderScreen';

afterEach(() => jest.restoreAllMocks());

const profile: Profile = {
  user_id: 'u1',
  email: 'ann@example.com',
  display_name: 'Ann Lee',
  first_name: 'Ann',
  last_name: 'Lee',
  monthly_budget: 1500,
  budget_rollover: false,
  avatar: 'static/avatars/0123456789abcdef0123456789abcdef.webp',
  avatar_url: null,
};

async function renderProfile() {
  setClientConfig({ apiUrl: 'http://api.example.com:8000', firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' }, authEmulatorUrl: null });
  const store = makeStore();
  await store.dispatch(profileApi.util.upsertQueryData('getProfile', undefined, profile));
  render(
    <Provider store={store}>
      <RouterProvider
        router={createMemoryRouter([
          {
            path: '/',
            element: (
              <UnsavedChangesProvider>
                <ProfilePage />
              </UnsavedChangesProvider>
            ),
          },
        ])}
      />
    </Provider>,
  );
  return store;
}

describe('ProfilePage', () => {
  it('shows the profile with a read-only email and the avatar from the API host', async () => {
    await renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Display Name/)).toHaveValue('Ann Lee');
    expect(screen.getByLabelText('First Name')).toHaveValue('Ann');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Lee');
    expect(screen.getByLabelText('Monthly Budget')).toHaveValue('1500.00');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ann@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByText('Email cannot be changed')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Ann Lee's avatar" })).toHaveAttribute(
      'src',
      'http://api.example.com:8000/static/avatars/0123456789abcdef0123456789abcdef.webp',
    );
  });

  it('keeps the budget as typed, on the decimal keypad, and refuses what is no amount (spec §5: numeric, min 0, two decimals)', async () => {
    await renderProfile();
    const watch = watchScrolling();
    const budget = screen.getByLabelText('Monthly Budget');
    // The amount field of every other form: a text input, no number input's leftovers (its spinner steps, its min).
    expect(budget).toHaveAttribute('type', 'text');
    expect(budget).toHaveAttribute('inputmode', 'decimal');
    expect(budget).not.toHaveAttribute('step');
    expect(budget).not.toHaveAttribute('min');
    await userEvent.clear(budget);
    await userEvent.type(budget, '12abc');
    expect(budget).toHaveValue('12abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(budget).toHaveAccessibleDescription('Monthly budget must be a number of 0 or more with at most two decimals');
    await waitFor(() => expectRevealed(budget, watch));
  });

  it('brings the first wrong field into view and focuses it; then a refused save’s message', async () => {
    await renderProfile();
    // The save goes to a closed port and fails for real.
    await useClosedApiPort();
    const watch = watchScrolling();
    const name = screen.getByLabelText(/Display Name/);
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(name).toHaveAccessibleDescription('Display name is required');
    await waitFor(() => expectRevealed(name, watch));

    await userEvent.type(name, 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Failed to update profile/);
    await waitFor(() => expectRevealed(alert, watch));
  });

  it('asks for a display name and a valid budget before saving', async () => {
    await renderProfile();
    await userEvent.clear(screen.getByLabelText(/Display Name/));
    await userEvent.clear(screen.getByLabelText('Monthly Budget'));
    await userEvent.type(screen.getByLabelText('Monthly Budget'), '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Display name is required')).toBeInTheDocument();
    expect(screen.getByText('Monthly budget must be a number of 0 or more with at most two decimals')).toBeInTheDocument();
  });

  it("refuses a file that is not JPG or PNG: 'Please select a JPG or PNG image'", async () => {
    await renderProfile();
    const input = screen.getByTestId('avatar-input');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
    await userEvent.upload(input, new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a JPG or PNG image');
  });
});
