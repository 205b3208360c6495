import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../../src/client/app/store';
import { setClientConfig } from '../../../../src/client/app/config';
import { signedIn } from '../../../../src/client/auth/sessionSlice';
import { settingsApi } from '../../../../src/client/features/settings/settingsApi';
import { SettingsSync } from '../../../../src/client/features/settings/SettingsSync';
import { PreferencesSections } from '../../../../src/client/features/settings/PreferencesSections';
import { DeleteAccountSection, confirmationMatches } from '../../../../src/client/features/settings/DeleteAccountSection';
import { THEME_STORAGE_KEY, storedTheme, storeTheme } from '../../../../src/client/features/settings/themeStorage';
import { ZONE_CHECK_STORAGE_KEY, zoneCheckDue, zoneChecked } from '../../../../src/client/features/settings/zoneCheck';
import { passwordChangeError, validatePasswordChange } from '../../../../src/client/features/settings/passwordChange';
import { attachmentName } from '../../../../src/client/features/settings/exportDownload';
import { recordRequests, type SentRequest } from '../../ui/renderScreen';

// Nothing listens here: a save attempt fails at once, as it would with the server down.
const UNREACHABLE_API = 'http://127.0.0.1:9';

function renderWith(ui: React.ReactNode, store = makeStore()) {
  setClientConfig({ apiUrl: UNREACHABLE_API, firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' }, authEmulatorUrl: null });
  render(
    <Provider store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );
  return store;
}

beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe('theme storage', () => {
  it('keeps a valid choice and ignores anything else', () => {
    expect(storedTheme()).toBeNull();
    storeTheme('dark');
    expect(storedTheme()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(storedTheme()).toBeNull();
  });

  it("applies this device's theme before the first paint, signed in or not", () => {
    storeTheme('dark');
    const store = renderWith(<SettingsSync />);
    expect(store.getState().ui.theme).toBe('dark');
  });

  it("applies the account's theme once it is known and keeps a copy on the device", async () => {
    storeTheme('dark');
    const store = makeStore();
    store.dispatch(signedIn({ uid: 'u1', email: 'a@b.co', displayName: null, photoURL: null, emailVerified: true }));
    await store.dispatch(
      settingsApi.util.upsertQueryData('getSettings', undefined, { theme: 'light', date_order: 'MDY', home_currency: 'USD', time_zone: null }),
    );
    renderWith(<SettingsSync />, store);
    await waitFor(() => expect(store.getState().ui.theme).toBe('light'));
    expect(storedTheme()).toBe('light');
  });
});

describe('time zone', () => {
  async function signedInWith(timeZone: string | null) {
    const store = makeStore();
    store.dispatch(signedIn({ uid: 'u1', email: 'a@b.co', displayName: null, photoURL: null, emailVerified: true }));
    await store.dispatch(
      settingsApi.util.upsertQueryData('getSettings', undefined, { theme: 'light', date_order: 'MDY', home_currency: 'USD', time_zone: timeZone }),
    );
    return store;
  }
  const zoneSaves = (sent: SentRequest[]) => sent.filter((r) => r.method === 'PUT' && r.path === '/api/settings');

  it("tells the account this device's zone once, when it does not know it yet", async () => {
    const sent = recordRequests();
    renderWith(<SettingsSync />, await signedInWith(null));
    await waitFor(() => expect(zoneSaves(sent)).toHaveLength(1));
    await waitFor(() => expect(zoneSaves(sent)[0].body).toEqual({ time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone }));
  });

  it('sends nothing when the account already has this zone', async () => {
    const sent = recordRequests();
    const store = await signedInWith(Intl.DateTimeFormat().resolvedOptions().timeZone);
    renderWith(<SettingsSync />, store);
    await waitFor(() => expect(store.getState().ui.theme).toBe('light'));
    expect(zoneSaves(sent)).toEqual([]);
  });
});

describe('PreferencesSections', () => {
  async function renderPreferences() {
    const store = makeStore();
    await store.dispatch(
      settingsApi.util.upsertQueryData('getSettings', undefined, { theme: 'system', date_order: 'MDY', home_currency: 'USD', time_zone: null }),
    );
    renderWith(<PreferencesSections />, store);
    return store;
  }

  it('shows the saved choices as labelled radio groups', async () => {
    await renderPreferences();
    expect(screen.getByRole('radiogroup', { name: 'Theme' })).toBeInTheDocument();
    expect(screen.getByLabelText('Follow the system')).toBeChecked();
    expect(screen.getByLabelText('Month first (MM/DD/YYYY)')).toBeChecked();
    expect(screen.getByRole('heading', { level: 2, name: 'Appearance' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Receipt dates' })).toBeInTheDocument();
  });

  it('applies a theme at once and says so when the save fails, restoring the saved setting', async () => {
    const store = await renderPreferences();
    await userEvent.click(screen.getByLabelText('Dark'));
    expect(store.getState().ui.theme).toBe('dark');
    expect(storedTheme()).toBe('dark');
    await waitFor(() => expect(store.getState().toasts[0]?.message).toBe('Failed to save settings: Cannot reach the Tally server. Check your connection.'));
    await waitFor(() => expect(screen.getByLabelText('Follow the system')).toBeChecked());
  });
});

describe('DeleteAccountSection', () => {
  it('enables deletion only once the email is typed', async () => {
    const store = makeStore();
    store.dispatch(signedIn({ uid: 'u1', email: 'ann@example.com', displayName: null, photoURL: null, emailVerified: true }));
    renderWith(<DeleteAccountSection />, store);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Your email address'), 'ann@example.co');
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Your email address'), 'm');
    expect(confirm).toBeEnabled();
  });

  it('compares the typed email without case or surrounding spaces', () => {
    expect(confirmationMatches(' Ann@Example.com ', 'ann@example.com')).toBe(true);
    expect(confirmationMatches('ann@example', 'ann@example.com')).toBe(false);
    expect(confirmationMatches('', '')).toBe(false);
  });
});

describe('password change', () => {
  it('checks the fields before asking the provider', () => {
    expect(validatePasswordChange({ current: '', next: '12345', confirm: '' })).toEqual({
      current: 'Please enter your current password',
      next: 'The password must be at least 6 characters long.',
    });
    expect(validatePasswordChange({ current: 'old-pass', next: 'old-pass', confirm: 'old-pass' }).next).toBe(
      'The new password must differ from the current one',
    );
    expect(validatePasswordChange({ current: 'old-pass', next: 'new-pass-1', confirm: 'new-pass-2' })).toEqual({ confirm: 'The new passwords do not match' });
    expect(validatePasswordChange({ current: 'old-pass', next: 'new-pass-1', confirm: 'new-pass-1' })).toEqual({});
  });

  it('says plainly when the current password is wrong or the new one is weak', () => {
    expect(passwordChangeError({ code: 'auth/invalid-credential' })).toBe('The current password is incorrect.');
    expect(passwordChangeError({ code: 'auth/wrong-password' })).toBe('The current password is incorrect.');
    expect(passwordChangeError({ code: 'auth/weak-password' })).toBe('The password must be at least 6 characters long.');
    expect(passwordChangeError({ code: 'auth/too-many-requests' })).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(passwordChangeError(new Error('x'))).toBe('Failed to change password');
  });
});

describe('attachmentName', () => {
  it("reads the server's file name", () => {
    expect(attachmentName('attachment; filename="tally-receipts-2025-03-04.csv"')).toBe('tally-receipts-2025-03-04.csv');
    expect(attachmentName(null)).toBeNull();
  });
});

describe('when the time zone is checked', () => {
  const winter = new Date('2026-01-15T12:00:00Z');

  it("reads the device's zone again only when its offset or the account's zone moved since the last check", () => {
    expect(zoneCheckDue('Europe/Berlin', winter)).toBe(true); // never checked on this device
    zoneChecked('Europe/Berlin', winter);
    expect(zoneCheckDue('Europe/Berlin', winter)).toBe(false);
    expect(zoneCheckDue('America/New_York', winter)).toBe(true); // changed on another device
    expect(zoneCheckDue(null, winter)).toBe(true);
    localStorage.setItem(ZONE_CHECK_STORAGE_KEY, JSON.stringify({ offset: winter.getTimezoneOffset() + 60, zone: 'Europe/Berlin' }));
    expect(zoneCheckDue('Europe/Berlin', winter)).toBe(true); // travel or daylight saving
    localStorage.setItem(ZONE_CHECK_STORAGE_KEY, '{broken');
    expect(zoneCheckDue('Europe/Berlin', winter)).toBe(true);
  });

  it('sends nothing and reads no zone when this device checked against the same account zone', async () => {
    zoneChecked('Asia/Tokyo');
    const sent = recordRequests();
    const read = jest.spyOn(Intl, 'DateTimeFormat');
    const store = makeStore();
    store.dispatch(signedIn({ uid: 'u1', email: 'a@b.co', displayName: null, photoURL: null, emailVerified: true }));
    await store.dispatch(
      settingsApi.util.upsertQueryData('getSettings', undefined, { theme: 'dark', date_order: 'MDY', home_currency: 'USD', time_zone: 'Asia/Tokyo' }),
    );
    renderWith(<SettingsSync />, store);
    await waitFor(() => expect(store.getState().ui.theme).toBe('dark'));
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);
    expect(read).not.toHaveBeenCalled();
  });
});
