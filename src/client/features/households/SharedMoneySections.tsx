import type { HistoryEntry, Household, SharedReceipt } from '../../../shared/households';
import { formatMoney } from '../../ui/money';
import { PagedSection, SectionRow } from './HouseholdSection';
import { useGetHistoryQuery, useGetSharedReceiptsQuery } from './householdsApi';
import { HISTORY_TEXTS, SHARED_RECEIPTS_TEXTS, historyDate, historyLine, sharedReceiptLine } from './householdText';

const sharedReceiptRow = (r: SharedReceipt, household: Household) => (
  <SectionRow key={r._id} main={r.store} detail={sharedReceiptLine(r, household)} end={<strong>{formatMoney(r.amount, r.currency)}</strong>} />
);

const historyRow = (e: HistoryEntry, household: Household) => (
  <SectionRow
    key={e.kind === 'share' ? `share-${e.receipt._id}` : `settlement-${e.settlement._id}`}
    main={historyLine(e, household)}
    detail={`${e.kind === 'share' ? 'Receipt shared' : 'Payment'} · ${historyDate(e)}`}
  />
);

/** The receipts shared with the household, newest first, a page at a time. */
export const SharedReceiptsSection = ({ household }: { household: Household }) => (
  <PagedSection<SharedReceipt> household={household} useQuery={useGetSharedReceiptsQuery} row={sharedReceiptRow} {...SHARED_RECEIPTS_TEXTS} />
);

/** Shares and payments, newest first, a page at a time. */
export const HistorySection = ({ household }: { household: Household }) => (
  <PagedSection<HistoryEntry> household={household} useQuery={useGetHistoryQuery} row={historyRow} {...HISTORY_TEXTS} />
);
