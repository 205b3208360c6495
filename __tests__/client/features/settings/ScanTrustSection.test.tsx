import { screen, within } from '@testing-library/react';
import { makeStore } from '../../../../src/client/app/store';
import { ScanTrustSection } from '../../../../src/client/features/settings/ScanTrustSection';
import { scanTrustApi } from '../../../../src/client/features/settings/scanTrustApi';
import type { ScanTrust } from '../../../../src/shared/scan';
import { PERSONAL_PICKER_MIN_SCANS } from '../../../../src/shared/constants/scan';
import { renderScreen, useClosedApiPort } from '../../ui/renderScreen';

// The API is a closed port: what the cache holds is what the section shows.
beforeAll(useClosedApiPort);

async function renderWith(trust: ScanTrust) {
  const store = makeStore();
  await store.dispatch(scanTrustApi.util.upsertQueryData('getScanTrust', undefined, trust));
  renderScreen(<ScanTrustSection />, { route: '/settings', store });
}

it('shows, for the last saved scans, how often each field was saved as read', async () => {
  await renderWith({
    scans: 100,
    total_amount: 96,
    date: 90,
    store_name: 71,
    learned: { state: 'too_few_scans', scans: 3, min_scans: PERSONAL_PICKER_MIN_SCANS },
  });
  const section = screen.getByRole('region', { name: 'How well scanning reads your receipts' });
  expect(within(section).getByText(/Of your last 100 scanned receipts saved/)).toBeInTheDocument();
  expect(
    within(screen.getByRole('list', { name: 'Fields saved as read' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Totals right as read: 96 of 100', 'Dates right as read: 90 of 100', 'Stores right as read: 71 of 100']);
});

it('says nothing until a few scans are saved', async () => {
  await renderWith({ scans: 2, total_amount: 2, date: 2, store_name: 2, learned: { state: 'too_few_scans', scans: 2, min_scans: PERSONAL_PICKER_MIN_SCANS } });
  expect(screen.queryByRole('region', { name: 'How well scanning reads your receipts' })).toBeNull();
  expect(screen.queryByText(/right as read/)).toBeNull();
  expect(screen.queryByText(/Scanning learns from your corrections/)).toBeNull();
});

it("says what scanning learned from the person's corrections beside the trust figure", async () => {
  const field = (on: boolean, with_corrections: number, before: number) => ({ on, scans: 15, with_corrections, before });
  await renderWith({
    scans: 40,
    total_amount: 36,
    date: 40,
    store_name: 30,
    learned: {
      state: 'on',
      scans: 40,
      min_scans: PERSONAL_PICKER_MIN_SCANS,
      fields: { total_amount: field(true, 14, 11), date: field(false, 15, 15), store_name: field(false, 10, 10) },
    },
  });
  const section = screen.getByRole('region', { name: 'How well scanning reads your receipts' });
  expect(
    within(section).getByText('Scanning has learned from your corrections: totals right 14 of 15 with your corrections, 11 of 15 before'),
  ).toBeInTheDocument();
});

it('says why scanning does not use the corrections yet', async () => {
  await renderWith({ scans: 8, total_amount: 8, date: 8, store_name: 5, learned: { state: 'too_few_scans', scans: 6, min_scans: PERSONAL_PICKER_MIN_SCANS } });
  expect(
    within(screen.getByRole('region', { name: 'How well scanning reads your receipts' })).getByText(
      `Scanning learns from your corrections once you have saved enough scans: 6 of ${PERSONAL_PICKER_MIN_SCANS} so far`,
    ),
  ).toBeInTheDocument();
});
