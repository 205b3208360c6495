import type { HistoryEntry, Household, SharedReceipt } from '../../../shared/households';
import { formatMoney } from '../../ui/money';
import { PagedSection, SectionRow } from './HouseholdSection';
import { useGetHistoryQuery, useGetSharedReceiptsQuery } from './householdsApi';
import { historyDate, historyLine, sharedReceiptLine } from './householdText';

/** The receipts shared with the household, newest first, a page at a time. */
export function SharedReceiptsSection({ household }: { household: Household }) {
  return (
    <PagedSection<SharedReceipt>
      household={household}
      title="Shared receipts"
      useQuery={useGetSharedReceiptsQuery}
      empty="No receipts are shared with this household yet. Share one when you save it, and each member's share counts towards the balances."
      failure="Failed to load the shared receipts"
      row={(r) => <SectionRow key={r._id} main={r.store} detail={sharedReceiptLine(r, household)} end={<strong>{formatMoney(r.amount, r.currency)}</strong>} />}
    />
  );
}

/** Shares and payments, newest first, a page at a time. */
export function HistorySection({ household }: { household: Household }) {
  return (
    <PagedSection<HistoryEntry>
      household={household}
      title="History"
      useQuery={useGetHistoryQuery}
      empty="Nothing has happened here yet: receipts shared and payments recorded will be listed here, newest first."
      failure="Failed to load the history"
      row={(e) => (
        <SectionRow
          key={e.kind === 'share' ? `share-${e.receipt._id}` : `settlement-${e.settlement._id}`}
          main={historyLine(e, household)}
          detail={`${e.kind === 'share' ? 'Receipt shared' : 'Payment'} · ${historyDate(e)}`}
        />
      )}
    />
  );
}
