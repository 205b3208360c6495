import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExportSection } from '../../../../src/client/features/settings/ExportSection';
import { renderScreen } from '../../ui/renderScreen';
import { startStandInServer } from '../../ui/standInServer';

describe('ExportSection', () => {
  const message = 'rows must be one of receipts, items';
  let server: Awaited<ReturnType<typeof startStandInServer>>;
  // Refused, so nothing is saved as a file: what matters is what was asked for and that a failure is said.
  beforeEach(async () => {
    server = await startStandInServer(() => ({ status: 400, body: { statusCode: 400, error: 'Bad Request', message } }));
  });
  afterEach(() => server.close());

  const exportQueries = () => server.requests.filter((r) => r.path === '/api/export').map((r) => r.query);

  it('offers receipts or items by category for the CSV, and asks for the one chosen', async () => {
    const user = userEvent.setup();
    renderScreen(<ExportSection />, { route: '/settings' });
    /** Clicks a download and waits until it is over (its button is back from 'Preparing...'). */
    const download = async (name: string) => {
      await user.click(screen.getByRole('button', { name }));
      await waitFor(() => expect(screen.getByRole('button', { name })).toBeEnabled());
    };
    expect(screen.getByRole('radiogroup', { name: 'Spreadsheet (CSV) of' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Receipts' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Download items by category (CSV)' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Items by category' }));
    await download('Download items by category (CSV)');
    expect(await screen.findByText(`Failed to export your data: ${message}`)).toBeInTheDocument();
    expect(exportQueries()).toEqual(['format=csv&rows=items']);

    // The choice is the CSV's only: JSON is everything, and receipts are the plain CSV again.
    await download('Download all data (JSON)');
    await user.click(screen.getByRole('radio', { name: 'Receipts' }));
    await download('Download receipts (CSV)');
    expect(exportQueries()).toEqual(['format=csv&rows=items', 'format=json', 'format=csv']);
  });
});
