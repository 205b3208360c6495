import { screen, within } from '@testing-library/react';
import { makeStore } from '../../../../src/client/app/store';
import { ScanTrustSection } from '../../../../src/client/features/settings/ScanTrustSection';
import { scanTrustApi } from '../../../../src/client/features/settings/scanTrustApi';
import type { ScanTrust } from '../../../../src/shared/scan';
import { renderScreen, useClosedApiPort } from '../../ui/renderScreen';

// The API is a closed port: what the cache holds is what the section shows.
beforeAll(useClosedApiPort);

async function renderWith(trust: ScanTrust) {
  const store = makeStore();
  await store.dispatch(scanTrustApi.util.upsertQueryData('getScanTrust', undefined, trust));
  renderScreen(<ScanTrustSection />, { route: '/settings', store });
}

it('shows, for the last saved scans, how often each field was saved as read', async () => {
  await renderWith({ scans: 100, total_amount: 96, date: 90, store_name: 71 });
  const section = screen.getByRole('region', { name: 'How well scanning reads your receipts' });
  expect(within(section).getByText(/Of your last 100 scanned receipts saved/)).toBeInTheDocument();
  expect(
    within(screen.getByRole('list', { name: 'Fields saved as read' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Totals right as read: 96 of 100', 'Dates right as read: 90 of 100', 'Stores right as read: 71 of 100']);
});

it('says nothing until a few scans are saved', async () => {
  await renderWith({ scans: 2, total_amount: 2, date: 2, store_name: 2 });
  expect(screen.queryByRole('region', { name: 'How well scanning reads your receipts' })).toBeNull();
  expect(screen.queryByText(/right as read/)).toBeNull();
});
