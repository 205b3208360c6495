import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BackupSection } from '../../../../src/client/features/settings/BackupSection';
import { restoredText } from '../../../../src/client/features/settings/backupText';
import { renderScreen } from '../../ui/renderScreen';
import { startStandInServer } from '../../ui/standInServer';

const RESTORED = { categories: 7, receipts: 12, items: 30, originals: 9, currency_rates: 1, budget_months: 3, recurring_series: 0 };

describe('restoredText', () => {
  it('counts what came back, one and many', () => {
    expect(restoredText({ restored: RESTORED })).toBe('Restored 12 receipts with 9 originals and 7 categories');
    expect(restoredText({ restored: { ...RESTORED, receipts: 1, originals: 1, categories: 1 } })).toBe('Restored 1 receipt with 1 original and 1 category');
  });
});

describe('BackupSection', () => {
  let answer = { status: 200, body: { restored: RESTORED } as unknown };
  let server: Awaited<ReturnType<typeof startStandInServer>>;
  beforeEach(async () => {
    server = await startStandInServer(() => answer);
  });
  afterEach(() => server.close());

  const backupFile = () => new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'tally-backup-2026-01-02.zip', { type: 'application/zip' });

  it('asks before it restores, sends the file, and says what came back', async () => {
    answer = { status: 200, body: { restored: RESTORED } };
    const user = userEvent.setup();
    renderScreen(<BackupSection />, { route: '/settings' });
    await user.upload(screen.getByLabelText('Restore from a backup'), backupFile());
    const dialog = await screen.findByRole('dialog', { name: 'Restore this backup?' });
    expect(dialog).toHaveTextContent('Everything in tally-backup-2026-01-02.zip comes into this account');
    expect(server.requests).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored 12 receipts with 9 originals and 7 categories')).toBeInTheDocument();
    expect(server.requests.map((r) => [r.method, r.path])).toEqual([['POST', '/api/backup/restore']]);
    expect(server.requests[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it("shows the server's reason in the dialog when it refuses", async () => {
    const message = 'This account already has receipts: a backup is restored only into an account without any. Nothing was changed.';
    answer = { status: 409, body: { statusCode: 409, error: 'Conflict', message } };
    const user = userEvent.setup();
    renderScreen(<BackupSection />, { route: '/settings' });
    await user.upload(screen.getByLabelText('Restore from a backup'), backupFile());
    const dialog = await screen.findByRole('dialog', { name: 'Restore this backup?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Failed to restore the backup: ${message}`);
  });

  it('sends nothing when the person cancels', async () => {
    const user = userEvent.setup();
    renderScreen(<BackupSection />, { route: '/settings' });
    await user.upload(screen.getByLabelText('Restore from a backup'), backupFile());
    const dialog = await screen.findByRole('dialog', { name: 'Restore this backup?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.requests).toEqual([]);
  });
});
